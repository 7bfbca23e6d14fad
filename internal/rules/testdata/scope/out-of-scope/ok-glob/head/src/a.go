package src
edited
