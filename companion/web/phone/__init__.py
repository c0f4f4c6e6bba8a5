"""What a phone downloads to score with no signal: Pyodide, the bundle of the app's own Python, and the worker."""
