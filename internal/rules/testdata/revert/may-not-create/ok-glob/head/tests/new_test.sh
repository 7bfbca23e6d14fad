edited
