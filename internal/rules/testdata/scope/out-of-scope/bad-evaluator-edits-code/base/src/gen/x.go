package gen
