module github.com/parism-go/parism/guard

go 1.26
