print("arsim")
