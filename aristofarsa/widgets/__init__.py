"""The widget layer: thin ipywidgets skins over the controllers (the only ipywidgets importer)."""
