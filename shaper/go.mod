module github.com/parism-go/parism/shaper

go 1.26
