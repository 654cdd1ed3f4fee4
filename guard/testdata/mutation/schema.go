// schema rewrites a Go file into a mutant schema: every mutation site
// (a comparison negated or moved by one, && and || swapped or one side
// dropped, an if condition negated) becomes a closure that returns the
// original expression unless the variable guardMutant selects one of its
// mutants. One test binary then runs every mutant (run.sh). Usage:
//
//	go build -o schema schema.go; ./schema FILE OUT FIRSTID LIST [FUNC...]
//
// LIST gets one line per mutant: id, file:line, function, description;
// FUNCs are skipped. It prints the last id.
//
// It lives under testdata so that it is no part of the guard module.
package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"strconv"
)

var (
	fset   *token.FileSet
	src    []byte
	nextID int
	list   bytes.Buffer
	fnName string
	file   string
)

func text(n ast.Node) string {
	var b bytes.Buffer
	printer.Fprint(&b, fset, n)
	s := b.String()
	if len(s) > 60 {
		s = s[:60] + "..."
	}
	return s
}

type alt struct {
	e    ast.Expr
	desc string
}

// wrap returns func() bool { switch guardMutant { case id: return alt... }; return orig }()
func wrap(orig ast.Expr, pos token.Pos, alts []alt) ast.Expr {
	var cases []ast.Stmt
	for _, a := range alts {
		nextID++
		fmt.Fprintf(&list, "%d\t%s:%d\t%s\t%s\n", nextID, file, fset.Position(pos).Line, fnName, a.desc)
		cases = append(cases, &ast.CaseClause{
			List: []ast.Expr{&ast.BasicLit{Kind: token.INT, Value: strconv.Itoa(nextID)}},
			Body: []ast.Stmt{&ast.ReturnStmt{Results: []ast.Expr{a.e}}},
		})
	}
	body := &ast.BlockStmt{List: []ast.Stmt{
		&ast.SwitchStmt{Tag: ast.NewIdent("guardMutant"), Body: &ast.BlockStmt{List: cases}},
		&ast.ReturnStmt{Results: []ast.Expr{orig}},
	}}
	fn := &ast.FuncLit{Type: &ast.FuncType{Params: &ast.FieldList{}, Results: &ast.FieldList{List: []*ast.Field{{Type: ast.NewIdent("bool")}}}}, Body: body}
	return &ast.CallExpr{Fun: fn}
}

func bin(x ast.Expr, op token.Token, y ast.Expr) ast.Expr {
	return &ast.BinaryExpr{X: x, Op: op, Y: y}
}

func not(e ast.Expr) ast.Expr { return &ast.UnaryExpr{Op: token.NOT, X: &ast.ParenExpr{X: e}} }

// expr transforms e bottom-up and returns the replacement.
func expr(e ast.Expr) ast.Expr {
	switch x := e.(type) {
	case *ast.BinaryExpr:
		x.X, x.Y = expr(x.X), expr(x.Y)
		orig := x
		var alts []alt
		flip := func(op token.Token, why string) {
			alts = append(alts, alt{bin(x.X, op, x.Y), fmt.Sprintf("%s: %s -> %s", why, x.Op, op)})
		}
		switch x.Op {
		case token.EQL:
			flip(token.NEQ, "negate")
		case token.NEQ:
			flip(token.EQL, "negate")
		case token.LSS:
			flip(token.GEQ, "negate")
			flip(token.LEQ, "off-by-one")
		case token.LEQ:
			flip(token.GTR, "negate")
			flip(token.LSS, "off-by-one")
		case token.GTR:
			flip(token.LEQ, "negate")
			flip(token.GEQ, "off-by-one")
		case token.GEQ:
			flip(token.LSS, "negate")
			flip(token.GTR, "off-by-one")
		case token.LAND, token.LOR:
			other := token.LOR
			if x.Op == token.LOR {
				other = token.LAND
			}
			flip(other, "swap")
			alts = append(alts, alt{x.X, "drop right of " + x.Op.String() + ": keep " + text(x.X)})
			alts = append(alts, alt{x.Y, "drop left of " + x.Op.String() + ": keep " + text(x.Y)})
		default:
			return x
		}
		return wrap(orig, x.OpPos, alts)
	case *ast.ParenExpr:
		x.X = expr(x.X)
	case *ast.UnaryExpr:
		x.X = expr(x.X)
	case *ast.CallExpr:
		for i := range x.Args {
			x.Args[i] = expr(x.Args[i])
		}
		if fl, ok := x.Fun.(*ast.FuncLit); ok {
			block(fl.Body)
		}
	case *ast.FuncLit:
		block(x.Body)
	case *ast.IndexExpr:
		x.Index = expr(x.Index)
	case *ast.CompositeLit:
		for i := range x.Elts {
			x.Elts[i] = expr(x.Elts[i])
		}
	case *ast.KeyValueExpr:
		x.Value = expr(x.Value)
	}
	return e
}

func stmt(s ast.Stmt) {
	switch x := s.(type) {
	case *ast.BlockStmt:
		block(x)
	case *ast.ExprStmt:
		x.X = expr(x.X)
	case *ast.AssignStmt:
		for i := range x.Rhs {
			x.Rhs[i] = expr(x.Rhs[i])
		}
	case *ast.ReturnStmt:
		for i := range x.Results {
			x.Results[i] = expr(x.Results[i])
		}
	case *ast.IfStmt:
		if x.Init != nil {
			stmt(x.Init)
		}
		_, single := x.Cond.(*ast.BinaryExpr)
		if b, ok := x.Cond.(*ast.BinaryExpr); ok && (b.Op == token.LAND || b.Op == token.LOR) {
			single = false
		}
		pos := x.Cond.Pos()
		desc := "negate if: " + text(x.Cond)
		x.Cond = expr(x.Cond)
		if !single {
			x.Cond = wrap(x.Cond, pos, []alt{{not(x.Cond), desc}})
		}
		block(x.Body)
		if x.Else != nil {
			stmt(x.Else)
		}
	case *ast.ForStmt:
		if x.Init != nil {
			stmt(x.Init)
		}
		if x.Cond != nil {
			x.Cond = expr(x.Cond)
		}
		if x.Post != nil {
			stmt(x.Post)
		}
		block(x.Body)
	case *ast.RangeStmt:
		block(x.Body)
	case *ast.SwitchStmt:
		if x.Init != nil {
			stmt(x.Init)
		}
		for _, c := range x.Body.List {
			cc := c.(*ast.CaseClause)
			if x.Tag == nil {
				for i := range cc.List {
					cc.List[i] = expr(cc.List[i])
				}
			}
			for _, b := range cc.Body {
				stmt(b)
			}
		}
	case *ast.TypeSwitchStmt:
		for _, c := range x.Body.List {
			for _, b := range c.(*ast.CaseClause).Body {
				stmt(b)
			}
		}
	case *ast.DeclStmt:
		if gd, ok := x.Decl.(*ast.GenDecl); ok {
			for _, sp := range gd.Specs {
				if vs, ok := sp.(*ast.ValueSpec); ok {
					for i := range vs.Values {
						vs.Values[i] = expr(vs.Values[i])
					}
				}
			}
		}
	case *ast.LabeledStmt:
		stmt(x.Stmt)
	case *ast.IncDecStmt, *ast.BranchStmt, *ast.DeferStmt, *ast.GoStmt, *ast.SendStmt, *ast.EmptyStmt:
	}
}

func block(b *ast.BlockStmt) {
	if b == nil {
		return
	}
	for _, s := range b.List {
		stmt(s)
	}
}

func main() {
	file = os.Args[1]
	out := os.Args[2]
	nextID, _ = strconv.Atoi(os.Args[3])
	var err error
	src, err = os.ReadFile(file)
	if err != nil {
		panic(err)
	}
	fset = token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, 0)
	if err != nil {
		panic(err)
	}
	skip := map[string]bool{}
	for _, s := range os.Args[5:] {
		skip[s] = true
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || skip[fd.Name.Name] {
			continue
		}
		fnName = fd.Name.Name
		block(fd.Body)
	}
	var b bytes.Buffer
	if err := printer.Fprint(&b, fset, f); err != nil {
		panic(err)
	}
	must(os.WriteFile(out, b.Bytes(), 0o644))
	lf, err := os.OpenFile(os.Args[4], os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	must(err)
	lf.Write(list.Bytes())
	lf.Close()
	fmt.Println(nextID)
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}
