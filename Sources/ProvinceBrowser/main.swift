import ProvinceCore

print("browse: under construction")
