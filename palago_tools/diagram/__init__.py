"""Diagram model: what to draw, independent of any output format."""
