package src // edited
