from .csrf import CSRFProtect as CSRFProtect
from .form import FlaskForm as FlaskForm
from .form import FlaskForm as Form

__all__ = ["CSRFProtect", "FlaskForm", "Form"]
