#!/usr/bin/env python3
"""The Python peer: load a plist with plistlib, find province -> city, print the url.

Usage: plist_lookup.py FILE PROVINCE CITY
"""
import plistlib
import sys

with open(sys.argv[1], "rb") as handle:
    provinces = plistlib.load(handle)
for city in provinces.get(sys.argv[2], []):
    if city.get("name") == sys.argv[3]:
        print(city["url"])
        sys.exit(0)
sys.exit(1)
