package rules

import (
	"strings"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/story"
)

// entryFreeText reports what ## Human Decisions holds before its first
// `###` heading that reads as a decision: a bullet, or a paragraph with a
// bold field line. §8 gives the one form of a decision entry, and storygate
// reads no decision from anything else (hitl/gate-without-decision looks
// for entries), so free text there is a decision the gate never sees. A
// paragraph without a field ("None yet.") is a note and stays quiet, and so
// is a placeholder bullet ("- None yet.", "- ..."). A
// warning: §11 does not list the entry format among what a validator must
// enforce, and the text grants nothing.
var entryFreeText = &Rule{Rule: catalog.Must("entry/free-text"),
	CheckFile: func(p *Pass) {
		b := p.Head.Body
		if b == nil {
			return
		}
		sec := b.Section(lifecycle.SectionDecisions)
		if sec == nil {
			return
		}
		for _, blk := range beforeFirstEntry(sec.Blocks) {
			switch blk.Kind {
			case story.BlockList:
				for _, it := range blk.Items {
					if placeholder(it.Text) {
						continue
					}
					p.Report(it.Pos, "a free-text bullet in \"## %s\" is no decision entry; storygate reads no decision from it (%s)", sec.Name, decisionForm())
				}
			case story.BlockParagraph:
				if f, ok := firstField(blk.Lines); ok {
					p.Report(f.Pos, "a **%s:** line in \"## %s\" outside a \"### Decision {N}\" entry is no decision entry; storygate reads no decision from it (%s)", f.Key, sec.Name, decisionForm())
				}
			}
		}
	}}

// placeholders are the bullets that say the section is empty, compared
// lower case without emphasis, dots and spaces at the ends.
var placeholders = []string{"", "none", "none yet", "no decisions yet", "n/a", "tbd"}

// placeholder reports whether a bullet only says there is nothing yet.
func placeholder(text string) bool {
	t := strings.ToLower(strings.Trim(text, " \t*_.`"))
	for _, p := range placeholders {
		if t == p {
			return true
		}
	}
	return false
}

// beforeFirstEntry returns the blocks before the first `###` heading.
func beforeFirstEntry(blocks []story.Block) []story.Block {
	for i, blk := range blocks {
		if blk.Kind == story.BlockHeading && blk.Level == 3 {
			return blocks[:i]
		}
	}
	return blocks
}

// firstField returns the first line of lines that reads as a bold field.
func firstField(lines []story.Line) (story.Field, bool) {
	for _, ln := range lines {
		if f, ok := story.ParseField(ln); ok {
			return f, true
		}
	}
	return story.Field{}, false
}

// decisionForm spells the §8 decision entry.
func decisionForm() string {
	for _, k := range lifecycle.EntryKinds {
		if k.Section == lifecycle.SectionDecisions {
			return "§8: a decision is a \"### " + k.Prefix + "{N}\" entry with the fields **" + strings.Join(k.Fields, ":**, **") + ":**"
		}
	}
	return "§8"
}
