"""nodereg.diagrams"""
