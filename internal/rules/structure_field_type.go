package rules

var fieldType = &Rule{ID: "structure/field-type", Need: NeedFile, Spec: "§2",
	Summary: "fields have the right type (integers, lists, timestamps, the `scope` map)",
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil {
			return
		}
		for _, fe := range fm.TypeErrors {
			p.Report(fe.Pos, "%s", fe.Message)
		}
	}}
