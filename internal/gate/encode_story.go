package gate

import (
	"strconv"
	"unicode/utf8"
)

// The stories array of a large document is nearly all of it, and nearly
// every story in it has only the fields every story has: appendStory
// writes such a story without reflection, byte for byte as
// json.MarshalIndent(story, storyIndent, "  ") does (encode_story_test.go
// and FuzzAppendStory hold the two to it). A story with a verification or
// revert verdict goes through encoding/json.

// plainStory reports whether appendStory writes s.
func plainStory(s *Story) bool { return len(s.Verification) == 0 && s.Revert == nil }

// Indentation of a story's fields, its transitions, and their fields.
const (
	fieldIndent      = "\n      "
	transitionIndent = "\n        "
	transitionField  = "\n          "
)

// appendStory appends s, a plainStory, as an element of the stories array
// at storyIndent.
func appendStory(dst []byte, s *Story) []byte {
	dst = append(dst, '{')
	dst = appendField(dst, fieldIndent, "file", s.File, true)
	dst = appendField(dst, fieldIndent, "id", s.ID, false)
	dst = appendField(dst, fieldIndent, "title", s.Title, false)
	dst = appendField(dst, fieldIndent, "state", s.State, false)
	if s.BaseState != "" {
		dst = appendField(dst, fieldIndent, "base_state", s.BaseState, false)
	}
	dst = append(dst, ","+fieldIndent+`"transitions": `...)
	dst = appendTransitions(dst, s.Transitions)
	if s.UndrawnMoves != 0 {
		dst = append(dst, ","+fieldIndent+`"undrawn_moves": `...)
		dst = strconv.AppendInt(dst, int64(s.UndrawnMoves), 10)
	}
	if s.Generating {
		dst = append(dst, ","+fieldIndent+`"generating": true`...)
	}
	if s.NotRecomputed {
		dst = append(dst, ","+fieldIndent+`"not_recomputed": true`...)
	}
	return append(dst, "\n"+storyIndent+"}"...)
}

func appendTransitions(dst []byte, ts []Transition) []byte {
	switch {
	case ts == nil:
		return append(dst, "null"...)
	case len(ts) == 0:
		return append(dst, "[]"...)
	}
	dst = append(dst, '[')
	for i := range ts {
		t := &ts[i]
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, transitionIndent+"{"...)
		dst = appendField(dst, transitionField, "from", t.From, true)
		dst = appendField(dst, transitionField, "to", t.To, false)
		dst = appendField(dst, transitionField, "event", t.Event, false)
		if t.Actor != "" {
			dst = appendField(dst, transitionField, "actor", t.Actor, false)
		}
		if t.UnknownActor {
			dst = append(dst, ","+transitionField+`"unknown_actor": true`...)
		}
		dst = append(dst, transitionIndent+"}"...)
	}
	return append(dst, fieldIndent+"]"...)
}

// appendField appends `"key": "value"` on a line of its own at indent,
// after a comma unless it is the first field.
func appendField(dst []byte, indent, key, value string, first bool) []byte {
	if !first {
		dst = append(dst, ',')
	}
	dst = append(dst, indent...)
	dst = append(dst, '"')
	dst = append(dst, key...)
	dst = append(dst, `": `...)
	return appendString(dst, value)
}

const hexDigits = "0123456789abcdef"

// appendString appends s quoted as encoding/json quotes a string with
// HTML escaping on (its default): \" \\ \b \f \n \r \t, \u00XX for the
// other control characters and for < > &, \ufffd for each byte of invalid
// UTF-8, \u2028 and \u2029 for the line and paragraph separators.
func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' && b != '<' && b != '>' && b != '&' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '"', '\\':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case c == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case c == '\u2028' || c == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[c&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
