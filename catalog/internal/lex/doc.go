// Package lex holds the readers the catalog's parsers share, one for each
// thing a parser reads. They work on offsets into the raw output, so that a
// parser's spans come from the same numbers as its values and no line is
// copied; none needs the catalog's Context (the ones that record spans as
// they read are in internal/kit).
//
//   - lines: Lines (Next, NextNonBlank, All, NonBlankLines; CRLF or NUL
//     records), SplitLines and Line, TrimCR;
//   - whitespace fields: Fields, NextField, LineFields, Words (with display
//     columns), TrimSpaceRange, IsBlank;
//   - tables: Columns and Cells (aligned under a header whose titles are
//     two or more spaces apart), GapCells (cells three or more spaces
//     apart), RuleColumns and ColumnByte (a ruler of '=' or '-'), CSV
//     (comma-separated records, each field placed in the raw output);
//   - key/value lines: KeyValue;
//   - numbers: Atoi, Atoi64, Digits, IsDigits, IsInt, Float, IsFloat,
//     Decimal, Hex, IsHex, IsHexDigit, Port;
//   - sizes: Size, the one reader of a size in a program's SizeDialect
//     (HumanSizes: ls/du/df/free -h "4.0K", "460Gi" in powers of 1024 or
//     1000; SpelledSizes: docker's "1.5MiB", "187MB"; Sizes: a program's
//     own, BusyBox ps "48m", top "1.2g", lscpu "96 KiB"), the unit kept;
//     HumanBytes and Bytes on it; HumanSize (the shape of a human size);
//     BlockSize, Unit and UnitBytes (GNU --block-size);
//   - dates and times: ParseLayouts (time.Parse layouts in a location),
//     YearGuess (the year of a date printed without one), CTime, GoTime,
//     NumericTime, Clock, YMD, Month, ZoneOffset, ZoneAt, ISO, ISOAt (ISO
//     with ZoneAt's offset, one allocation);
//   - quoting: CUnquote and CEscape (C escapes), HexUnescape (\xHH), and
//     StripSGR (terminal colours).
package lex
