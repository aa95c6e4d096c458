"""Preconstructed decks, in the spirit of the MicroProse wizards' decks.

Each is a legal deck of implemented cards. ``manaburn play``, the bot and
the random-duel tests use them.
"""
from __future__ import annotations

PRECONS: dict[str, dict[str, int]] = {
    "White Knights": {
        "Plains": 17, "Savannah Lions": 3, "Pearled Unicorn": 3, "Tundra Wolves": 2, "Benalish Hero": 2,
        "Mesa Pegasus": 2, "White Knight": 2, "Serra Angel": 2, "Samite Healer": 2, "Healing Salve": 1,
        "Holy Strength": 2, "Wrath of God": 1, "Disenchant": 1, "Blue Ward": 1, "Spirit Link": 1,
        "Circle of Protection: Red": 1, "Island Sanctuary": 1,
    },
    "Blue Tricks": {
        "Island": 17, "Merfolk of the Pearl Trident": 3, "Air Elemental": 2, "Prodigal Sorcerer": 2,
        "Sea Serpent": 1, "Counterspell": 2, "Spell Blast": 1, "Blue Elemental Blast": 1, "Thoughtlace": 1,
        "Jump": 1, "Unsummon": 2, "Twiddle": 1, "Flight": 1, "Unstable Mutation": 1, "Control Magic": 1,
        "Mana Short": 1, "Sleight of Mind": 1, "Backfire": 1, "Creature Bond": 1, "Phantasmal Terrain": 1,
        "Energy Flux": 1,
    },
    "Black Death": {
        "Swamp": 17, "Scathe Zombies": 3, "Drudge Skeletons": 2, "Black Knight": 2, "Frozen Shade": 2,
        "Bog Wraith": 2, "Hypnotic Specter": 2, "Royal Assassin": 1, "Sengir Vampire": 1, "Nightmare": 1,
        "Uncle Istvan": 1, "Terror": 2, "Drain Life": 1, "Unholy Strength": 1, "Fear": 1, "Deathlace": 1,
        "Paralyze": 1, "Pestilence": 1, "Cursed Land": 1, "Evil Presence": 1,
    },
    "Red Burn": {
        "Mountain": 17, "Mons's Goblin Raiders": 3, "Goblin King": 1, "Gray Ogre": 2, "Hill Giant": 2,
        "Hurloon Minotaur": 2, "Uthden Troll": 2, "Dwarven Warriors": 1, "Goblin Rock Sled": 1, "Wall of Stone": 1,
        "Lightning Bolt": 3, "Fireball": 1, "Disintegrate": 1, "Stone Rain": 1, "Shatter": 1,
        "Red Elemental Blast": 1, "Giant Strength": 1, "Immolation": 1, "Firebreathing": 1, "Mana Clash": 1,
        "Manabarbs": 1,
    },
    "Green Stompy": {
        "Forest": 17, "Llanowar Elves": 3, "Grizzly Bears": 3, "Scryb Sprites": 2, "Shanodin Dryads": 2,
        "War Mammoth": 2, "Giant Spider": 2, "Ironroot Treefolk": 1, "Craw Wurm": 1, "Wall of Brambles": 1,
        "Deadly Insect": 1, "Giant Growth": 3, "Hurricane": 1, "Regeneration": 1, "Lure": 1, "Venom": 1,
        "Lifelace": 1, "Wanderlust": 1,
    },
    "Artifact Engine": {
        "Mountain": 8, "Plains": 8, "Mishra's Factory": 2, "Oasis": 1, "Brass Man": 2, "Battering Ram": 2,
        "Rod of Ruin": 1, "Helm of Chatzuk": 1, "Glasses of Urza": 1, "Howling Mine": 1, "Black Vise": 1,
        "Armageddon Clock": 1, "Feldon's Cane": 1, "Soul Net": 1, "Ivory Cup": 1, "Tawnos's Weaponry": 1,
        "Kormus Bell": 1, "Savannah Lions": 2, "Gray Ogre": 2, "Lightning Bolt": 2, "Circle of Protection: Artifacts": 1,
        "Conversion": 1, "Armageddon": 1, "Disenchant": 1,
    },
    "Snow and Legends": {
        "Snow-Covered Forest": 7, "Snow-Covered Mountain": 5, "Snow-Covered Plains": 5, "Glacial Chasm": 1,
        "Winter's Night": 1, "General Jarkeld": 1, "Grizzly Bears": 3, "War Mammoth": 2, "Savannah Lions": 3,
        "Hill Giant": 2, "Tundra Wolves": 2, "Giant Growth": 2, "Lightning Bolt": 2, "Healing Salve": 1,
        "Prismatic Ward": 1, "Circle of Protection: Black": 1, "Circle of Protection: Blue": 1, "Giant Spider": 1,
    },
    "Dark Islands": {
        "Island": 9, "Swamp": 9, "Snow-Covered Island": 1, "Snow-Covered Swamp": 1, "Skeleton Ship": 1,
        "Sorceress Queen": 1, "Lord of the Pit": 1, "Merfolk of the Pearl Trident": 2, "Scathe Zombies": 2,
        "Drudge Skeletons": 2, "Hypnotic Specter": 1, "Prodigal Sorcerer": 1, "Counterspell": 2, "Terror": 2,
        "Unsummon": 1, "Drain Life": 1, "Black Vise": 1, "Glasses of Urza": 1, "Jump": 1, "Deathlace": 1,
        "Sleight of Mind": 1, "Thoughtlace": 1, "Sea Serpent": 1,
    },
}


def decklist(name: str) -> list[str]:
    """The deck as a list of card names (library order before shuffling)."""
    return [card for card, n in PRECONS[name].items() for _ in range(n)]
