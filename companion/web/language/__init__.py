"""The language switch at the foot of every page."""
