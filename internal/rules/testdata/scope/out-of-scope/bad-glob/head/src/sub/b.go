package sub
edited
