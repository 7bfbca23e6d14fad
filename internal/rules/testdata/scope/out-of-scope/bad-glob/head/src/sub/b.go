package sub // edited
