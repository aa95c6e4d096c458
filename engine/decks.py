"""Preconstructed decks, in the spirit of the MicroProse wizards' decks.

Thirteen theme decks of Fourth Edition cards: one for each color, the five
allied two-color pairs and three artifact decks. Each is a legal deck of 60
cards (basic lands plus spells, no more than four copies of any other card)
and together they hold every Fourth Edition card, so that the random duels
play them all. Then the Old School decks (:data:`OLD_SCHOOL`): classic
archetypes of 1993-94, each legal in the ``oldschool`` format; and the Old
School 95 decks (:data:`OLD_SCHOOL_95`) of 1995-96, legal in ``oldschool95``
(:func:`format_of` says which format a deck is built for). ``manaburn
play``, the bot and the random-duel tests use them all.

The ante cards (Bronze Tablet in Mishra's Workshop, Rebirth in Wild Fire,
Tempest Efreet in Brimstone) can only be cast in a duel played for ante.
"""
from __future__ import annotations

PRECONS: dict[str, dict[str, int]] = {
    # ------------------------------------------------------------ one color
    "White Knights": {  # white weenies, banding and Crusade
        "Plains": 22,
        "Savannah Lions": 3, "Tundra Wolves": 2, "Benalish Hero": 3, "Pikemen": 2, "Mesa Pegasus": 2,
        "White Knight": 2, "Amrou Kithkin": 1, "Pearled Unicorn": 2, "Samite Healer": 1, "Osai Vultures": 1,
        "Northern Paladin": 1, "Serra Angel": 2,
        "Crusade": 2, "Swords to Plowshares": 2, "Holy Strength": 1, "Blessing": 1, "Spirit Link": 1,
        "Divine Transformation": 1, "Morale": 1, "Righteousness": 1, "Piety": 1, "Death Ward": 1,
        "Healing Salve": 1, "Disenchant": 1, "Eye for an Eye": 1, "Reverse Damage": 1,
    },
    "Blue Tricks": {  # merfolk, fliers and counterspells
        "Island": 24,
        "Merfolk of the Pearl Trident": 4, "Lord of Atlantis": 2, "Zephyr Falcon": 2, "Giant Tortoise": 1,
        "Wall of Air": 2, "Prodigal Sorcerer": 2, "Phantom Monster": 2, "Segovian Leviathan": 1,
        "Pirate Ship": 1, "Air Elemental": 2, "Mahamoti Djinn": 1, "Sea Serpent": 1,
        "Sunken City": 1, "Counterspell": 3, "Power Sink": 1, "Spell Blast": 1, "Unsummon": 2, "Jump": 1,
        "Flight": 1, "Twiddle": 1, "Unstable Mutation": 1, "Mana Short": 1, "Control Magic": 1, "Crystal Rod": 1,
    },
    "Black Death": {  # plague rats, zombies and removal
        "Swamp": 24,
        "Vampire Bats": 1, "Will-o'-the-Wisp": 1, "Drudge Skeletons": 2, "Black Knight": 2, "Plague Rats": 3,
        "Scathe Zombies": 3, "Frozen Shade": 1, "Zombie Master": 1, "Hypnotic Specter": 2, "Royal Assassin": 1,
        "Lost Soul": 1, "Bog Wraith": 2, "Sengir Vampire": 1, "Nightmare": 1,
        "Dark Ritual": 2, "Terror": 2, "Weakness": 1, "Unholy Strength": 1, "Howl from Beyond": 1,
        "Raise Dead": 1, "Animate Dead": 1, "Bad Moon": 1, "Drain Life": 1, "Mind Twist": 1, "Pestilence": 1,
        "Throne of Bone": 1,
    },
    "Red Burn": {  # goblins and burn
        "Mountain": 24,
        "Mons's Goblin Raiders": 4, "Goblin Balloon Brigade": 2, "Goblin King": 1, "Ironclaw Orcs": 2,
        "Gray Ogre": 2, "Hurloon Minotaur": 2, "Uthden Troll": 2, "Orcish Artillery": 1, "Hill Giant": 2,
        "Ball Lightning": 1, "Dragon Whelp": 1, "Shivan Dragon": 1,
        "Lightning Bolt": 4, "Fireball": 1, "Disintegrate": 1, "Pyrotechnics": 1, "Blood Lust": 1,
        "Stone Rain": 1, "Shatter": 1, "Red Elemental Blast": 1, "Giant Strength": 1, "Firebreathing": 1,
        "Orcish Oriflamme": 1, "Iron Star": 1,
    },
    "Green Stompy": {  # elves, big creatures and Giant Growth
        "Forest": 24,
        "Llanowar Elves": 3, "Birds of Paradise": 2, "Grizzly Bears": 3, "Elvish Archers": 2, "Scryb Sprites": 1,
        "Shanodin Dryads": 1, "Whirling Dervish": 1, "Killer Bees": 1, "War Mammoth": 2, "Giant Spider": 1,
        "Durkwood Boars": 1, "Ironroot Treefolk": 1, "Craw Wurm": 1, "Gaea's Liege": 1, "Force of Nature": 1,
        "Giant Growth": 3, "Fog": 1, "Channel": 1, "Instill Energy": 1, "Wild Growth": 1, "Aspect of Wolf": 1,
        "Regeneration": 1, "Lure": 1, "Venom": 1, "Untamed Wilds": 1, "Hurricane": 1, "Wooden Sphere": 1,
    },
    # ------------------------------------------------------------ two colors
    "Sanctuary": {  # white-blue control: walls, circles and Wrath of God
        "Plains": 12, "Island": 12,
        "Wall of Swords": 2, "Wall of Water": 1, "Sindbad": 1, "Time Elemental": 1, "Ghost Ship": 2,
        "Phantasmal Forces": 1, "Water Elemental": 2, "Personal Incarnation": 1, "Elder Land Wurm": 1,
        "Island Fish Jasconius": 1,
        "Circle of Protection: Red": 1, "Circle of Protection: Green": 1, "Circle of Protection: Artifacts": 1,
        "Blue Elemental Blast": 1, "Purelace": 1, "Visions": 1, "Brainwash": 1, "Holy Armor": 1, "Seeker": 1,
        "Backfire": 1, "Flood": 1, "Gaseous Form": 1, "Alabaster Potion": 1, "Balance": 1, "Castle": 1,
        "Island Sanctuary": 1, "Kismet": 1, "Conversion": 1, "Wrath of God": 1, "Feedback": 1, "Power Leak": 1,
        "Energy Flux": 1, "Jayemdae Tome": 1,
    },
    "Dark Islands": {  # blue-black: lace, theft of the mind and the Lord of the Pit
        "Island": 12, "Swamp": 12,
        "Bog Imp": 2, "Nether Shadow": 1, "Sorceress Queen": 1, "Rag Man": 1, "Scathe Zombies": 2,
        "Xenic Poltergeist": 1, "Wall of Bone": 1, "Uncle Istvan": 1, "Abomination": 1, "Psionic Entity": 1,
        "Cosmic Horror": 1, "Lord of the Pit": 1, "Leviathan": 1,
        "Deathlace": 1, "Thoughtlace": 1, "Magical Hack": 1, "Sleight of Mind": 1, "Mind Bomb": 1,
        "Energy Tap": 1, "Siren's Call": 1, "Paralyze": 1, "Fear": 1, "Spirit Shackle": 1, "Creature Bond": 1,
        "Drain Power": 1, "Phantasmal Terrain": 1, "Lifetap": 1, "Psychic Venom": 1, "Stasis": 1, "Gloom": 1,
        "Word of Binding": 1, "Erosion": 1, "Greed": 1, "Volcanic Eruption": 1,
    },
    "Brimstone": {  # black-red: efreets, mummies and pain for everyone
        "Swamp": 12, "Mountain": 12,
        "Cyclopean Mummy": 2, "Erg Raiders": 2, "Hurr Jackal": 1, "Pit Scorpion": 1, "El-Hajjâj": 1,
        "Junún Efreet": 1, "Goblin Rock Sled": 1, "Brothers of Fire": 2, "Sisters of the Flame": 1,
        "Wall of Dust": 1, "Carrion Ants": 1, "Murk Dwellers": 1, "Scavenging Ghoul": 1, "Crimson Manticore": 1,
        "Keldon Warlord": 1, "Tempest Efreet": 1,
        "Chaoslace": 1, "Mana Clash": 1, "Immolation": 1, "Marsh Gas": 1, "Simulacrum": 1, "Evil Presence": 1,
        "Blight": 1, "Warp Artifact": 1, "Deathgrip": 1, "Power Surge": 1, "Ashes to Ashes": 1,
        "Cursed Land": 1, "Manabarbs": 1, "Earthquake": 1, "Fissure": 1, "Inferno": 1, "Ankh of Mishra": 1,
    },
    "Wild Fire": {  # red-green: basilisks, elementals and land destruction
        "Mountain": 12, "Forest": 12,
        "Nafs Asp": 2, "Ali Baba": 1, "Land Leeches": 2, "Ley Druid": 1, "Bird Maiden": 1, "Cave People": 1,
        "Wall of Fire": 1, "Wall of Stone": 1, "Grizzly Bears": 2, "Fungusaur": 1, "Radjan Spirit": 1, "Marsh Viper": 1,
        "Stone Giant": 1, "Cockatrice": 1, "Thicket Basilisk": 1, "Elven Riders": 1, "Earth Elemental": 1,
        "Fire Elemental": 1,
        "Burrowing": 1, "Eternal Warrior": 1, "Sandstorm": 1, "Web": 1, "The Brute": 1, "Winds of Change": 1,
        "Winter Blast": 1, "Mana Flare": 1, "Smoke": 1, "Magnetic Mountain": 1, "Flashfires": 1, "Tsunami": 1,
        "Living Lands": 1, "Desert Twister": 1, "Rebirth": 1,
    },
    "Forest Wardens": {  # green-white: walls that fight, wards and enchantresses
        "Forest": 12, "Plains": 12,
        "Timber Wolves": 3, "Wall of Wood": 1, "Pradesh Gypsies": 1, "Wall of Brambles": 2, "Wall of Ice": 1,
        "Verduran Enchantress": 1, "Carnivorous Plant": 2, "Angry Mob": 2,
        "Animate Wall": 1, "Fortified Area": 1, "Black Ward": 1, "Blue Ward": 1, "Green Ward": 1, "Red Ward": 1,
        "White Ward": 1, "Web": 1, "Crumble": 1, "Lifelace": 1, "Wanderlust": 1, "Land Tax": 1,
        "Sylvan Library": 1, "Living Artifact": 1, "Lifeforce": 1, "Circle of Protection: Black": 1,
        "Circle of Protection: Blue": 1, "Circle of Protection: White": 1, "Stream of Life": 1, "Tranquility": 1,
        "Titania's Song": 1, "Karma": 1, "Armageddon": 1,
    },
    # ------------------------------------------------------------ artifacts
    "Artifact Engine": {  # white with the small artifacts
        "Plains": 22, "Oasis": 1,
        "Ornithopter": 1, "Savannah Lions": 3, "Benalish Hero": 2, "Pikemen": 2, "Mesa Pegasus": 2,
        "Samite Healer": 1, "White Knight": 2, "Pearled Unicorn": 2, "Yotian Soldier": 2, "Serra Angel": 1,
        "Swords to Plowshares": 2, "Healing Salve": 1, "Disenchant": 1,
        "Ivory Cup": 1, "Soul Net": 1, "Ivory Tower": 1, "Helm of Chatzuk": 1, "Amulet of Kroog": 1,
        "Fellwar Stone": 1, "Tawnos's Weaponry": 1, "Sunglasses of Urza": 1, "Dingus Egg": 1,
        "Bottle of Suleiman": 1, "Conservator": 1, "Cursed Rack": 1, "Kormus Bell": 1,
        "White Mana Battery": 1, "Green Mana Battery": 1,
    },
    "Urza's Workshop": {  # blue and the great artifacts
        "Island": 23,
        "Ornithopter": 2, "Apprentice Wizard": 2, "Sindbad": 1, "Mana Vault": 1, "Celestial Prism": 1,
        "Blue Mana Battery": 1, "Glasses of Urza": 1, "Library of Leng": 1, "Howling Mine": 1, "Winter Orb": 1,
        "Millstone": 1, "Jandor's Saddlebags": 1, "Disrupting Scepter": 1, "Ebony Horse": 1, "Flying Carpet": 1,
        "Tawnos's Wand": 1, "Jade Monolith": 1, "Dancing Scimitar": 1, "Primal Clay": 1, "Clockwork Avian": 1,
        "Clockwork Beast": 1, "Shapeshifter": 1, "Tetravus": 1, "Triskelion": 1, "Aladdin's Ring": 1,
        "Colossus of Sardia": 1, "Aladdin's Lamp": 1,
        "Counterspell": 2, "Unsummon": 1, "Twiddle": 1, "Hurkyl's Recall": 1, "Animate Artifact": 1,
        "Relic Bind": 1, "Steal Artifact": 1,
    },
    "Mishra's Workshop": {  # red and the war machines
        "Mountain": 21, "Mishra's Factory": 2, "Strip Mine": 1,
        "Mons's Goblin Raiders": 2, "Brass Man": 2, "Battering Ram": 2, "Dragon Engine": 2, "Onulet": 2,
        "Wall of Spears": 1, "Yotian Soldier": 1, "Dwarven Warriors": 1, "Clay Statue": 1,
        "Grapeshot Catapult": 1, "Obsianus Golem": 1, "Urza's Avenger": 1, "Diabolic Machine": 1,
        "Mishra's War Machine": 1,
        "Lightning Bolt": 2, "Shatter": 1, "Tunnel": 1, "Detonate": 1,
        "Black Vise": 1, "The Rack": 1, "Meekstone": 1, "Ashnod's Battle Gear": 1, "Coral Helm": 1,
        "Red Mana Battery": 1, "Black Mana Battery": 1, "Rod of Ruin": 1, "Nevinyrral's Disk": 1, "The Hive": 1,
        "Armageddon Clock": 1, "Bronze Tablet": 1,
    },
}


# ------------------------------------------------------------ Old School 93/94
# Classic archetypes of the cards of 1993-94, each legal in the ``oldschool``
# format (engine/formats.py: 60 cards, restricted cards once, no ante cards).
OLD_SCHOOL: dict[str, dict[str, int]] = {
    "Zoo": {  # the fastest creatures of Arabian Nights and Alpha, burn and Power
        "Taiga": 4, "Plateau": 4, "Volcanic Island": 4, "Tropical Island": 2, "Savannah": 2, "City of Brass": 2,
        "Mountain": 3,
        "Kird Ape": 4, "Savannah Lions": 4, "Erhnam Djinn": 4, "Serendib Efreet": 4,
        "Lightning Bolt": 4, "Psionic Blast": 4, "Swords to Plowshares": 4, "Disenchant": 2, "Fireball": 1,
        "Berserk": 1, "Ancestral Recall": 1, "Time Walk": 1, "Black Lotus": 1,
        "Mox Ruby": 1, "Mox Emerald": 1, "Mox Pearl": 1, "Mox Sapphire": 1,
    },
    "Juzam Black": {  # mono black: Juzám Djinn, Hypnotic Specter, Sinkhole and the Witches
        "Swamp": 20, "Strip Mine": 1, "Mishra's Factory": 2,
        "Juzám Djinn": 4, "Hypnotic Specter": 4, "Cuombajj Witches": 4, "Black Knight": 4, "Royal Assassin": 2,
        "Sengir Vampire": 2,
        "Dark Ritual": 4, "Sinkhole": 4, "Terror": 3, "Drain Life": 1, "Demonic Tutor": 1, "Mind Twist": 1,
        "Mox Jet": 1, "Black Lotus": 1, "Sol Ring": 1,
    },
    "Arabian Nights": {  # the 1,001 nights: djinns, elephants, deserts and the Library
        "Forest": 6, "Mountain": 6, "Plains": 6, "Desert": 2, "City of Brass": 2, "Diamond Valley": 1,
        "Library of Alexandria": 1,
        "Kird Ape": 4, "Erhnam Djinn": 4, "War Elephant": 4, "Ghazbán Ogre": 2, "Moorish Cavalry": 2,
        "King Suleiman": 2, "Desert Nomads": 2, "Wyluli Wolf": 2, "Ifh-Bíff Efreet": 2, "Camel": 1,
        "Army of Allah": 1, "Aladdin": 1, "Ali from Cairo": 1, "Repentant Blacksmith": 1, "Abu Ja'far": 1,
        "Cyclone": 1, "Jihad": 1, "Drop of Honey": 1, "Singing Tree": 1, "Jandor's Ring": 1,
        "Sandals of Abdallah": 1,
    },
    "Robots": {  # Mishra's Workshop and the artifact creatures of Antiquities, with red
        "Mountain": 18, "Mishra's Workshop": 1, "Strip Mine": 1, "Mishra's Factory": 4,
        "Su-Chi": 4, "Juggernaut": 4, "Triskelion": 3, "Ornithopter": 2, "Clockwork Beast": 2, "Dragon Engine": 2,
        "Atog": 2, "Dwarven Weaponsmith": 2,
        "Icy Manipulator": 2, "Rocket Launcher": 2, "Mightstone": 1, "Jayemdae Tome": 1, "Mana Vault": 1,
        "Sol Ring": 1, "Black Lotus": 1, "Mox Ruby": 1, "Lightning Bolt": 4, "Fireball": 1,
    },
    "Power Monolith": {  # Power Artifact on Basalt Monolith: mana without end, for a Rocket Launcher or Fireball
        "Island": 12, "Volcanic Island": 4, "Mountain": 2, "City of Brass": 2, "Library of Alexandria": 1,
        "Strip Mine": 1,
        "Power Artifact": 4, "Basalt Monolith": 4, "Rocket Launcher": 2, "Fireball": 2,
        "Counterspell": 4, "Power Sink": 2, "Lightning Bolt": 4, "Psionic Blast": 2, "Icy Manipulator": 2,
        "Serendib Efreet": 2, "Jayemdae Tome": 1, "Mana Vault": 1,
        "Ancestral Recall": 1, "Time Walk": 1, "Timetwister": 1, "Braingeyser": 1, "Black Lotus": 1, "Sol Ring": 1,
        "Mox Sapphire": 1, "Mox Ruby": 1,
    },
    "The Deck": {  # Brian Weissman's control: Mana Drain, Moat, Mirror Universe, the Tomes and the Power
        "Tundra": 4, "Volcanic Island": 4, "Plateau": 2, "City of Brass": 2, "Island": 6, "Plains": 2,
        "Mishra's Factory": 2, "Library of Alexandria": 1, "Strip Mine": 1,
        "Serra Angel": 2,
        "Mana Drain": 1, "Counterspell": 4, "Red Elemental Blast": 2, "Swords to Plowshares": 4,
        "Disenchant": 2, "Lightning Bolt": 2, "Balance": 1, "Moat": 1, "Mirror Universe": 1,
        "Jayemdae Tome": 2, "Icy Manipulator": 1, "Fireball": 1, "Braingeyser": 1, "Recall": 1,
        "Ancestral Recall": 1, "Time Walk": 1, "Timetwister": 1, "Black Lotus": 1, "Sol Ring": 1,
        "Mox Sapphire": 1, "Mox Pearl": 1, "Mox Ruby": 1, "Mox Jet": 1, "Mox Emerald": 1,
    },
    "Troll Disco": {  # black-red: Sedge Troll, Sinkhole, Nevinyrral's Disk; Hypnotic Specter and The Rack
        # take the place of Fallen Empires' Hymn to Tourach
        "Badlands": 4, "Swamp": 9, "Mountain": 6, "Mishra's Factory": 2, "Strip Mine": 1,
        "Sedge Troll": 4, "Hypnotic Specter": 4, "Juzám Djinn": 2,
        "Dark Ritual": 2, "Sinkhole": 4, "Lightning Bolt": 4, "Chain Lightning": 4, "Terror": 2, "Fireball": 1,
        "Mind Twist": 1, "Demonic Tutor": 1, "Nevinyrral's Disk": 2, "The Rack": 2, "Black Vise": 1,
        "Black Lotus": 1, "Sol Ring": 1, "Mox Jet": 1, "Mox Ruby": 1,
    },
    "Erhnamgeddon": {  # green-white beats, then Armageddon: Erhnam Djinn, Serendib Efreet, Land Tax
        "Savannah": 4, "Tropical Island": 4, "Tundra": 3, "Plains": 5, "Forest": 4, "City of Brass": 1,
        "Mishra's Factory": 2, "Strip Mine": 1,
        "Savannah Lions": 4, "Birds of Paradise": 2, "Whirling Dervish": 2, "Erhnam Djinn": 4,
        "Serendib Efreet": 4,
        "Armageddon": 4, "Land Tax": 2, "Swords to Plowshares": 4, "Disenchant": 2, "Balance": 1,
        "Sylvan Library": 1, "Ancestral Recall": 1, "Time Walk": 1, "Black Lotus": 1,
        "Mox Emerald": 1, "Mox Pearl": 1, "Mox Sapphire": 1,
    },
    "Legends of Dominia": {  # red-green-white legends of Legends around Palladia-Mors, with the legendary lands
        "Taiga": 3, "Savannah": 3, "Plateau": 2, "Forest": 5, "Mountain": 3, "Plains": 3, "City of Brass": 1,
        "Pendelhaven": 1, "Karakas": 1, "Hammerheim": 1,
        "Birds of Paradise": 3, "Llanowar Elves": 3,
        "Kei Takahashi": 2, "Jacques le Vert": 2, "Tuknir Deathlock": 1, "Jasmine Boreal": 2,
        "Sunastian Falconer": 2, "Marhault Elsdragon": 2, "Stangg": 1, "Johan": 1, "Hazezon Tamar": 1,
        "The Lady of the Mountain": 1, "Sir Shandlar of Eberyn": 1, "Lord Magnus": 1, "Gabriel Angelfire": 1,
        "Torsten Von Ursus": 1, "Jerrard of the Closed Fist": 1, "Lady Caleria": 1, "Palladia-Mors": 1,
        "Lightning Bolt": 4, "Swords to Plowshares": 3, "Disenchant": 1, "Concordant Crossroads": 1,
    },
    "The Dark": {  # black-red of The Dark: Ball Lightning, Blood Moon, Ashes to Ashes, Maze of Ith
        "Mountain": 11, "Swamp": 9, "Maze of Ith": 2, "City of Shadows": 1,
        "Ball Lightning": 4, "Marsh Goblins": 3, "Goblin Rock Sled": 2, "Brothers of Fire": 2,
        "Sisters of the Flame": 1, "Fire Drake": 1, "Goblin Wizard": 1, "Bog Imp": 2, "Eater of the Dead": 2,
        "Grave Robbers": 1, "Uncle Istvan": 1, "Frankenstein's Monster": 1, "Nameless Race": 1,
        "Ashes to Ashes": 3, "Blood Moon": 2, "Fissure": 1, "Eternal Flame": 1, "Inferno": 1,
        "Word of Binding": 1, "Marsh Gas": 1, "Inquisition": 1,
        "Runesword": 1, "Tormod's Crypt": 1, "Skull of Orm": 1, "Dark Sphere": 1,
    },
}
PRECONS.update(OLD_SCHOOL)


# ------------------------------------------------------------ Old School 95
# Decks of 1995-96, each legal in the ``oldschool95`` format (engine/formats.py: the
# 93/94 pool with Fallen Empires, Fourth Edition, Ice Age, Chronicles and Homelands;
# Demonic Consultation restricted, Necropotence not) and not in ``oldschool`` (each
# plays a card of Fallen Empires, Ice Age or Homelands). They are modelled on the
# period's Type II decks, with the Power and dual lands that Old School 95 allows in
# their place of the period's Type II-legal cards; Alliances cards (Contagion,
# Lim-Dul's Vault, Force of Will) are not in the pool and are left out.
OLD_SCHOOL_95: dict[str, dict[str, int]] = {
    "Necro": {  # modelled on the mono black Necropotence decks of 1996 Type II (Necropotence, Dark Ritual,
        # Hymn to Tourach, Knight of Stromgald, Icequake, Zuran Orb), with Juzam Djinn, Sinkhole and the Power
        # of the Old School pool; Contagion and Lim-Dul's Vault (Alliances) are not in the pool
        "Swamp": 18, "Strip Mine": 1, "Mishra's Factory": 3,
        "Black Lotus": 1, "Mox Jet": 1, "Sol Ring": 1,
        "Necropotence": 4, "Dark Ritual": 4, "Hymn to Tourach": 4, "Knight of Stromgald": 4,
        "Hypnotic Specter": 4, "Order of the Ebon Hand": 2, "Juzám Djinn": 2,
        "Demonic Consultation": 1, "Demonic Tutor": 1, "Mind Twist": 1, "Icequake": 2, "Sinkhole": 2,
        "Zuran Orb": 2, "Drain Life": 1, "Soul Burn": 1,
    },
    "Hymn and Rack": {  # modelled on the black-red Hymn to Tourach discard decks of the 1995 Type II season
        # (Hymn to Tourach and Hypnotic Specter empty the hand, The Rack and Black Vise punish it), with the
        # Power and Badlands of the Old School pool
        "Badlands": 4, "Swamp": 10, "Mountain": 4, "Strip Mine": 1, "Mishra's Factory": 2,
        "Black Lotus": 1, "Mox Jet": 1, "Mox Ruby": 1, "Sol Ring": 1,
        "Hymn to Tourach": 4, "Hypnotic Specter": 4, "Dark Ritual": 4, "The Rack": 3, "Black Vise": 1,
        "Mind Twist": 1, "Demonic Tutor": 1, "Demonic Consultation": 1, "Sinkhole": 4, "Lightning Bolt": 4,
        "Chain Lightning": 2, "Juzám Djinn": 2, "Sedge Troll": 2, "Fireball": 1, "Nevinyrral's Disk": 1,
    },
    "Incinerate Zoo": {  # modelled on the red-green-white Zoo of 1995-96 (Kird Ape, Savannah Lions, Erhnam
        # Djinn and every burn spell: Lightning Bolt, Chain Lightning and Ice Age's Incinerate), with Lhurgoyf
        # and the Old School Moxen
        "Taiga": 4, "Plateau": 4, "Savannah": 4, "Mountain": 5, "Forest": 2, "City of Brass": 1, "Strip Mine": 1,
        "Black Lotus": 1, "Mox Ruby": 1, "Mox Emerald": 1, "Mox Pearl": 1,
        "Kird Ape": 4, "Savannah Lions": 4, "Erhnam Djinn": 4, "Lhurgoyf": 2, "Ball Lightning": 2,
        "Lightning Bolt": 4, "Chain Lightning": 4, "Incinerate": 4, "Swords to Plowshares": 4, "Fireball": 1,
        "Balance": 1, "Disenchant": 1,
    },
    "Stasis": {  # modelled on the blue-white prison decks of 1995 (Stasis and Winter Orb lock the board while
        # Howling Mine feeds the hand and Counterspell guards the lock; Icy Manipulator and Armageddon finish
        # it), with Kismet, Millstone and Serra Angel to win, Ice Age's Adarkar Wastes and Brainstorm, and the
        # Power of the Old School pool
        "Tundra": 4, "Island": 10, "Plains": 4, "Strip Mine": 1, "Library of Alexandria": 1, "Adarkar Wastes": 2,
        "Black Lotus": 1, "Sol Ring": 1, "Mox Sapphire": 1, "Mox Pearl": 1,
        "Stasis": 4, "Howling Mine": 4, "Winter Orb": 2, "Kismet": 2, "Icy Manipulator": 3, "Armageddon": 2,
        "Counterspell": 4, "Swords to Plowshares": 4, "Serra Angel": 2, "Millstone": 2,
        "Brainstorm": 1,
        "Ancestral Recall": 1, "Time Walk": 1, "Timetwister": 1, "Balance": 1,
    },
    "Homelands Legends": {  # not a tournament list (Homelands' legends were seldom played): modelled on the
        # set's own theme, the Sengir vampires and Autumn Willow's folk of An-Havva, as a black-green deck
        # with the period's staples (Birds of Paradise, Dark Ritual, Hymn to Tourach, Dark Banishing)
        "Bayou": 4, "Swamp": 8, "Forest": 6, "Castle Sengir": 1, "An-Havva Township": 1, "Strip Mine": 1,
        "Mox Jet": 1, "Mox Emerald": 1, "Birds of Paradise": 4, "Dark Ritual": 2,
        "Baron Sengir": 1, "Grandmother Sengir": 2, "Irini Sengir": 2, "Ihsan's Shade": 2, "Veldrane of Sengir": 1,
        "Autumn Willow": 2, "Daughter of Autumn": 2,
        "Spectral Bears": 4, "An-Havva Constable": 2, "Sengir Autocrat": 2,
        "Dark Banishing": 3, "Hymn to Tourach": 2, "Feast of the Unicorn": 2, "Demonic Tutor": 1, "Mind Twist": 1,
        "Regrowth": 1, "Sylvan Library": 1,
    },
}
PRECONS.update(OLD_SCHOOL_95)


def format_of(name: str) -> str:
    """The name of the format the preconstructed deck is built for (engine/formats.py)."""
    if name in OLD_SCHOOL_95:
        return "oldschool95"
    return "oldschool" if name in OLD_SCHOOL else "4ED"


def decklist(name: str) -> list[str]:
    """The deck as a list of card names (library order before shuffling)."""
    return [card for card, n in PRECONS[name].items() for _ in range(n)]


# ------------------------------------------------------------ sideboards
# Each preconstructed deck's 15-card sideboard (the period's tournament size): answers
# to what the deck fears (artifacts, enchantments, the other colors' blasts and
# circles, land destruction). The Fourth Edition decks' sideboards are Fourth Edition
# cards, the Old School decks' Old School cards; every deck with its sideboard is
# legal in its format (at most four of a card and a restricted card once, across both).
SIDEBOARDS: dict[str, dict[str, int]] = {
    "White Knights": {"Disenchant": 2, "Swords to Plowshares": 2, "Circle of Protection: Red": 2,
                      "Circle of Protection: Black": 2, "Armageddon": 1, "Wrath of God": 2, "Reverse Damage": 2,
                      "Karma": 2},
    "Blue Tricks": {"Counterspell": 1, "Blue Elemental Blast": 3, "Power Sink": 2, "Spell Blast": 2,
                    "Energy Flux": 2, "Psychic Venom": 2, "Flood": 2, "Unsummon": 1},
    "Black Death": {"Terror": 2, "Pestilence": 2, "Gloom": 2, "Evil Presence": 2, "Weakness": 2, "Paralyze": 2,
                    "Deathgrip": 2, "Drain Life": 1},
    "Red Burn": {"Shatter": 3, "Red Elemental Blast": 3, "Stone Rain": 3, "Flashfires": 2, "Pyrotechnics": 2,
                 "Earthquake": 2},
    "Green Stompy": {"Tranquility": 2, "Tsunami": 2, "Hurricane": 2, "Fog": 2, "Crumble": 2, "Lifeforce": 2,
                     "Desert Twister": 2, "Regeneration": 1},
    "Sanctuary": {"Disenchant": 3, "Swords to Plowshares": 3, "Counterspell": 3, "Circle of Protection: Black": 2,
                  "Blue Elemental Blast": 2, "Karma": 2},
    "Dark Islands": {"Terror": 3, "Counterspell": 3, "Blue Elemental Blast": 2, "Pestilence": 2, "Gloom": 2,
                     "Psychic Venom": 2, "Energy Flux": 1},
    "Brimstone": {"Terror": 3, "Lightning Bolt": 3, "Shatter": 2, "Red Elemental Blast": 2, "Pyrotechnics": 2,
                  "Stone Rain": 2, "Evil Presence": 1},
    "Wild Fire": {"Lightning Bolt": 3, "Shatter": 2, "Tranquility": 2, "Red Elemental Blast": 2, "Giant Growth": 2,
                  "Stone Rain": 2, "Fog": 2},
    "Forest Wardens": {"Disenchant": 3, "Swords to Plowshares": 3, "Tranquility": 1, "Crumble": 2, "Fog": 2,
                       "Wrath of God": 2, "Armageddon": 2},
    "Artifact Engine": {"Disenchant": 3, "Swords to Plowshares": 2, "Circle of Protection: Red": 2,
                        "Circle of Protection: Black": 2, "Reverse Damage": 2, "Karma": 2, "Wrath of God": 2},
    "Urza's Workshop": {"Counterspell": 2, "Blue Elemental Blast": 3, "Power Sink": 3, "Hurkyl's Recall": 1,
                        "Energy Flux": 2, "Spell Blast": 2, "Unsummon": 2},
    "Mishra's Workshop": {"Lightning Bolt": 2, "Shatter": 2, "Red Elemental Blast": 3, "Stone Rain": 3,
                          "Pyrotechnics": 2, "Detonate": 1, "Earthquake": 2},
    # Old School
    "Zoo": {"Disenchant": 2, "Red Elemental Blast": 3, "Blue Elemental Blast": 2, "Shatter": 2, "Tranquility": 2,
            "Control Magic": 2, "Chain Lightning": 2},
    "Juzam Black": {"Gloom": 3, "Pestilence": 3, "Drain Life": 2, "Evil Presence": 2, "Terror": 1, "Paralyze": 2,
                    "Royal Assassin": 2},
    "Arabian Nights": {"Disenchant": 3, "Swords to Plowshares": 2, "Lightning Bolt": 4, "Tranquility": 2,
                       "Shatter": 2, "Flashfires": 2},
    "Robots": {"Shatter": 3, "Red Elemental Blast": 3, "Detonate": 2, "Stone Rain": 3, "Pyrotechnics": 2,
               "Fireball": 2},
    "Power Monolith": {"Blue Elemental Blast": 3, "Red Elemental Blast": 3, "Shatter": 2, "Psionic Blast": 2,
                       "Control Magic": 2, "Energy Flux": 2, "Power Sink": 1},
    "The Deck": {"Disenchant": 2, "Red Elemental Blast": 2, "Blue Elemental Blast": 2, "Serra Angel": 2,
                 "Control Magic": 2, "Circle of Protection: Red": 2, "Lightning Bolt": 2, "Psionic Blast": 1},
    "Troll Disco": {"Shatter": 2, "Red Elemental Blast": 3, "Terror": 2, "Pyrotechnics": 2, "Gloom": 2,
                    "Pestilence": 2, "Stone Rain": 2},
    "Erhnamgeddon": {"Disenchant": 2, "Blue Elemental Blast": 2, "Tranquility": 2, "Circle of Protection: Red": 2,
                     "Wrath of God": 2, "Fog": 1, "Crumble": 2, "Land Tax": 2},
    "Legends of Dominia": {"Disenchant": 3, "Red Elemental Blast": 2, "Tranquility": 2, "Shatter": 2, "Fog": 2,
                           "Swords to Plowshares": 1, "Circle of Protection: Black": 2, "Stone Rain": 1},
    "The Dark": {"Terror": 3, "Shatter": 2, "Red Elemental Blast": 2, "Pyrotechnics": 2, "Ashes to Ashes": 1,
                 "Blood Moon": 2, "Gloom": 2, "Inquisition": 1},
    # Old School 95
    "Necro": {"Gloom": 2, "Pestilence": 3, "Dark Banishing": 2, "Drain Life": 1, "Zuran Orb": 2, "Soul Burn": 1,
              "Sinkhole": 2, "Terror": 2},
    "Hymn and Rack": {"Red Elemental Blast": 2, "Pyroblast": 2, "Shatter": 2, "Gloom": 2, "Pestilence": 2,
                      "Stone Rain": 2, "Terror": 2, "Icequake": 1},
    "Incinerate Zoo": {"Disenchant": 2, "Red Elemental Blast": 2, "Pyroblast": 2, "Tranquility": 2, "Shatter": 2,
                       "Tsunami": 2, "Armageddon": 1, "Whirling Dervish": 2},
    "Stasis": {"Disenchant": 3, "Blue Elemental Blast": 2, "Hydroblast": 2, "Red Elemental Blast": 2,
               "Circle of Protection: Red": 2, "Wrath of God": 2, "Control Magic": 2},
    "Homelands Legends": {"Tranquility": 2, "Pestilence": 2, "Terror": 2, "Sinkhole": 2, "Hurricane": 1,
                          "Tsunami": 2, "Desert Twister": 2, "Crumble": 2},
}


def sideboard(name: str) -> list[str]:
    """The preconstructed deck's sideboard as a list of card names (none for a deck without one)."""
    return [card for card, n in SIDEBOARDS.get(name, {}).items() for _ in range(n)]
