from escapology.cli import main

main()
