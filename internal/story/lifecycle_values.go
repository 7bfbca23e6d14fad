package story

import "github.com/storygate/storygate/internal/lifecycle"

// Typed lifecycle values of a story, converted here once rather than
// normalized at every call site. A frontmatter value is a YAML scalar and
// is taken exactly as written (state/illegal-state refuses `Generating`, and
// so does every reader); a Markdown cell or field is read with Token (code
// backticks and case do not matter there). A value that is not legal
// converts as written: lifecycle.IsState, IsRole and IsEvent tell.

// CurrentState is the frontmatter's `state`, exactly as written.
func (fm *Frontmatter) CurrentState() lifecycle.State { return lifecycle.State(fm.State.Value) }

// CurrentRole is the frontmatter's `active_role`, exactly as written.
func (fm *Frontmatter) CurrentRole() lifecycle.Role { return lifecycle.Role(fm.ActiveRole.Value) }

// FromState is the row's From cell.
func (r *LogRow) FromState() lifecycle.State { return lifecycle.State(Token(r.From.Text)) }

// ToState is the row's To cell.
func (r *LogRow) ToState() lifecycle.State { return lifecycle.State(Token(r.To.Text)) }

// EventName is the row's Event cell.
func (r *LogRow) EventName() lifecycle.Event { return lifecycle.Event(Token(r.Event.Text)) }

// ActorRole is the row's Actor cell.
func (r *LogRow) ActorRole() lifecycle.Role { return lifecycle.Role(Token(r.Actor.Text)) }

// DecidedEvent is the decision's **Decision:** value.
func (d Decision) DecidedEvent() lifecycle.Event { return lifecycle.Event(Token(d.Decision.Value)) }

// GateState is the decision's **At state:** value.
func (d Decision) GateState() lifecycle.State { return lifecycle.State(Token(d.AtState.Value)) }
