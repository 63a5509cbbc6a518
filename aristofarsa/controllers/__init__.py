"""Headless controllers: the state of each app as plain Python (no ipywidgets)."""
