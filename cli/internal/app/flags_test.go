package app

import "flag"

var update = flag.Bool("update", false, "rewrite the scripts' expected output")
