"""troef: Dutch and German café card games of the Jass family."""

__version__ = "0.1.0"
