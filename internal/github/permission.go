package github

import (
	"fmt"
	"strings"
)

// Permission is a repository role, ordered so that a higher value grants
// everything a lower one does.
type Permission int

// The repository roles, from none to admin.
const (
	PermissionNone Permission = iota
	PermissionRead
	PermissionTriage
	PermissionWrite
	PermissionMaintain
	PermissionAdmin
)

var permissionNames = [...]string{"none", "read", "triage", "write", "maintain", "admin"}

// String returns GitHub's name for the role.
func (p Permission) String() string {
	if p < 0 || int(p) >= len(permissionNames) {
		return fmt.Sprintf("permission(%d)", int(p))
	}
	return permissionNames[p]
}

// ParsePermission reads a role name as GitHub and the configuration spell it.
// GitHub's older names "pull" and "push" are accepted too.
func ParsePermission(name string) (Permission, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "pull":
		return PermissionRead, nil
	case "push":
		return PermissionWrite, nil
	}
	for i, n := range permissionNames {
		if strings.EqualFold(name, n) {
			return Permission(i), nil
		}
	}
	return PermissionNone, fmt.Errorf("unknown permission %q (legal: %s)", name, strings.Join(permissionNames[:], ", "))
}

// AtLeast reports whether p grants everything min does.
func (p Permission) AtLeast(min Permission) bool { return p >= min }

// permissionFromAPI picks the most precise role from the collaborator
// permission response: role_name knows triage and maintain, while the legacy
// permission field folds them into read and write. A custom role name falls
// back to the legacy field.
func permissionFromAPI(roleName, legacy string) Permission {
	if p, err := ParsePermission(roleName); err == nil && roleName != "" {
		return p
	}
	p, err := ParsePermission(legacy)
	if err != nil {
		return PermissionNone
	}
	return p
}
