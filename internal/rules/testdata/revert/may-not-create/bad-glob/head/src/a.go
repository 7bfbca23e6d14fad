package src
