package gen // x
