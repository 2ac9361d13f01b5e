"""Content: reading YAML with positions, schema and semantic checks, the typed catalogue."""
from .catalogue import Catalogue
from .load import default_catalogue, load_catalogue, load_paths
from .loader import ContentError, bundled_content_dir
from .yamlsrc import Diagnostic

__all__ = ["Catalogue", "ContentError", "Diagnostic", "bundled_content_dir", "default_catalogue",
           "load_catalogue", "load_paths"]
