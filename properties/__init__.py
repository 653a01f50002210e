"""nodereg.properties"""
