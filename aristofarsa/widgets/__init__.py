"""The apps' views (ipywidgets): thin skins over aristofarsa.controllers."""
