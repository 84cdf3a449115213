"""Renderers: the diagram model to SVG, PDF and PNG."""
