package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestConfigurationFromFlagsAndEnvironment: each setting comes from its
// flag, else its variable; a flag given wins; secrets come from a file or
// a value; every problem is named, by the flag or variable it is about,
// and no message quotes a secret.
func TestConfigurationFromFlagsAndEnvironment(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	key := testKey(t)
	keyFile := write("app.pem", key)
	otherKeyFile := write("other.pem", key)
	secretFile := write("secret", append(append([]byte(nil), testSecret...), '\n'))
	notKey := write("not-a-key.pem", []byte("hello"))
	base := map[string]string{EnvAppID: "77", EnvPrivateKeyFile: keyFile, EnvWebhookSecretFile: secretFile}
	with := func(m map[string]string, kv ...string) map[string]string {
		out := map[string]string{}
		for k, v := range m {
			out[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			if kv[i+1] == "" {
				delete(out, kv[i])
			} else {
				out[kv[i]] = kv[i+1]
			}
		}
		return out
	}
	type want struct {
		listen string
		appID  int64
		apiURL string
		limits Limits
		errs   []string // substrings of the error; none: no error
	}
	for _, c := range []struct {
		name  string
		flags map[string]string
		env   map[string]string
		want  want
	}{
		{"environment only", nil, base, want{listen: DefaultListen, appID: 77}},
		{"flags only", map[string]string{"listen": "127.0.0.1:9000", "app-id": "5", "private-key-file": keyFile, "webhook-secret-file": secretFile}, nil,
			want{listen: "127.0.0.1:9000", appID: 5}},
		{"flags win", map[string]string{"app-id": "5", "listen": ":1", "private-key-file": otherKeyFile},
			with(base, EnvListen, ":2", EnvPrivateKey, "ignored"), want{listen: ":1", appID: 5}},
		{"values in the environment", nil, with(base, EnvPrivateKeyFile, "", EnvWebhookSecretFile, "", EnvPrivateKey, string(key), EnvWebhookSecret, string(testSecret)),
			want{listen: DefaultListen, appID: 77}},
		{"a key with escaped line breaks", nil, with(base, EnvPrivateKeyFile, "", EnvPrivateKey, strings.ReplaceAll(string(key), "\n", `\n`)),
			want{listen: DefaultListen, appID: 77}},
		{"GitHub Enterprise and limits", map[string]string{"read-timeout": "5s", "max-body-bytes": "1024"},
			with(base, EnvAPIURL, "https://ghes.example.com/api/v3", "STORYGATE_DRAIN_TIMEOUT", "1m"),
			want{listen: DefaultListen, appID: 77, apiURL: "https://ghes.example.com/api/v3", limits: Limits{ReadTimeout: 5 * time.Second, MaxBody: 1024, DrainTimeout: time.Minute}}},
		{"nothing", nil, nil, want{errs: []string{"--app-id or " + EnvAppID, "private key is required", "webhook secret is required"}}},
		{"bad values", map[string]string{"app-id": "-3", "listen": "nowhere", "read-timeout": "0s", "max-body-bytes": "26214401"},
			with(base, EnvAPIURL, "ghes.example.com"),
			want{errs: []string{`--app-id "-3"`, `listen address "nowhere"`, `--read-timeout "0s"`, `--max-body-bytes "26214401"`, `GITHUB_API_URL "ghes.example.com"`}}},
		{"a key file and a key value", nil, with(base, EnvPrivateKey, string(key)), want{errs: []string{"set twice, by " + EnvPrivateKeyFile + " and " + EnvPrivateKey}}},
		{"not a key", nil, with(base, EnvPrivateKeyFile, notKey), want{errs: []string{"not-a-key.pem", "not PEM"}}},
		{"a key value that is not a key", nil, with(base, EnvPrivateKeyFile, "", EnvPrivateKey, "sekrit-not-pem"), want{errs: []string{EnvPrivateKey, "not PEM"}}},
		{"a missing file", map[string]string{"webhook-secret-file": filepath.Join(dir, "absent")}, base, want{errs: []string{"--webhook-secret-file", "absent"}}},
		{"a directory", map[string]string{"private-key-file": dir}, base, want{errs: []string{"is a directory"}}},
		{"an empty secret", nil, with(base, EnvWebhookSecretFile, write("empty", []byte("\n"))), want{errs: []string{"webhook secret is empty"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cfg, err := Load(c.flags, func(k string) string { return c.env[k] })
			if len(c.want.errs) > 0 {
				if err == nil {
					t.Fatalf("no error, want one naming %q", c.want.errs)
				}
				for _, s := range c.want.errs {
					if !strings.Contains(err.Error(), s) {
						t.Errorf("error %q does not name %q", err, s)
					}
				}
				if strings.Contains(err.Error(), "sekrit") || len(leaks(err.Error(), key)) > 0 {
					t.Errorf("the error quotes a secret: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Listen != c.want.listen || cfg.App.AppID != c.want.appID || cfg.App.APIURL != c.want.apiURL || cfg.Limits != c.want.limits {
				t.Errorf("config %+v, want %+v", cfg, c.want)
			}
			if string(cfg.WebhookSecret) != string(testSecret) || string(cfg.App.PrivateKey) != string(key) {
				t.Errorf("the secret or the key was not read whole (the secret's line break trimmed)")
			}
		})
	}
}

// TestEverySettingHasItsVariable: the flags the command registers and
// the variables Load reads are one table; each flag has a variable.
func TestEverySettingHasItsVariable(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, s := range Settings() {
		if s.Env == "" || seen[s.Env] || (s.Flag != "" && s.Usage == "") {
			t.Errorf("setting %+v: every setting needs its own variable, and a flag its help", s)
		}
		seen[s.Env] = true
	}
	for _, env := range []string{EnvListen, EnvAppID, EnvPrivateKeyFile, EnvPrivateKey, EnvWebhookSecretFile, EnvWebhookSecret, EnvAPIURL} {
		if !seen[env] {
			t.Errorf("%s is not a setting", env)
		}
	}
}
