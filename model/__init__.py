"""The node lifecycle model: the one declaration and what is derived from it for execution."""
