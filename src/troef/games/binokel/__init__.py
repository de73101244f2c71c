"""Binokel: four players in two partnerships with one 48-card deck (``shared/rules/binokel-de.txt``)."""
