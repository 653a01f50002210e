"""nodereg.verifier"""
