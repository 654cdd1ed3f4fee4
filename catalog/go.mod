module github.com/parism-go/parism/catalog

go 1.26
