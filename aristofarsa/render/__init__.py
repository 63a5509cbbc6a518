"""Renderers: pure functions from data to text (text, Markdown, HTML, DOT, SVG)."""
