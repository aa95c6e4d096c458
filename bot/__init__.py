"""Manaburn's Discord bot and command line (the engine never imports this)."""
