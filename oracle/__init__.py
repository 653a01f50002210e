"""nodereg.oracle: the reference oracle that other implementations run their traces against."""
