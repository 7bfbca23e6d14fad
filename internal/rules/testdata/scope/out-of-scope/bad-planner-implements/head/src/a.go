package a // x
