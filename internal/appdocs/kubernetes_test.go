package appdocs

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/storygate/storygate/internal/serve"
)

// serveSettings are serve's flags (with their dashes) and environment
// variables.
func serveSettings() (flags, env []string) {
	for _, s := range serve.Settings() {
		if s.Flag != "" {
			flags = append(flags, "--"+s.Flag)
		}
		env = append(env, s.Env)
	}
	return flags, env
}

// What `storygate serve` takes (its settings, as internal/serve defines
// them) and answers (its mux's paths; docs/serve-reference.md).
var (
	serveFlags, serveEnv = serveSettings()
	servePaths           = []string{"/webhook", "/healthz", "/readyz", "/metrics"}
	// serveNeeds is the configuration serve cannot start without.
	serveNeeds = []string{"STORYGATE_LISTEN", "STORYGATE_APP_ID", "STORYGATE_PRIVATE_KEY_FILE", "STORYGATE_WEBHOOK_SECRET_FILE"}
)

// object is the part of a Kubernetes object the checks read.
type object struct {
	Kind     string `yaml:"kind"`
	Metadata struct {
		Name string `yaml:"name"`
	} `yaml:"metadata"`
	StringData map[string]string `yaml:"stringData"`
	Data       map[string]string `yaml:"data"`
	Spec       struct {
		Replicas int           `yaml:"replicas"`
		Selector yaml.Node     `yaml:"selector"`
		Ports    []servicePort `yaml:"ports"`
		Template podTemplate   `yaml:"template"`
	} `yaml:"spec"`
}

type servicePort struct {
	Port       int    `yaml:"port"`
	TargetPort string `yaml:"targetPort"`
}

type podTemplate struct {
	Metadata struct {
		Labels      map[string]string `yaml:"labels"`
		Annotations map[string]string `yaml:"annotations"`
	} `yaml:"metadata"`
	Spec struct {
		SecurityContext struct {
			RunAsNonRoot bool `yaml:"runAsNonRoot"`
			RunAsUser    int  `yaml:"runAsUser"`
		} `yaml:"securityContext"`
		Containers []container `yaml:"containers"`
		Volumes    []struct {
			Name   string `yaml:"name"`
			Secret *struct {
				SecretName string `yaml:"secretName"`
				Items      []struct {
					Key  string `yaml:"key"`
					Path string `yaml:"path"`
				} `yaml:"items"`
			} `yaml:"secret"`
		} `yaml:"volumes"`
	} `yaml:"spec"`
}

type container struct {
	Name  string   `yaml:"name"`
	Image string   `yaml:"image"`
	Args  []string `yaml:"args"`
	Env   []struct {
		Name  string `yaml:"name"`
		Value string `yaml:"value"`
	} `yaml:"env"`
	Ports []struct {
		Name          string `yaml:"name"`
		ContainerPort int    `yaml:"containerPort"`
	} `yaml:"ports"`
	ReadinessProbe probe `yaml:"readinessProbe"`
	LivenessProbe  probe `yaml:"livenessProbe"`
	Resources      struct {
		Limits map[string]string `yaml:"limits"`
	} `yaml:"resources"`
	SecurityContext struct {
		AllowPrivilegeEscalation *bool `yaml:"allowPrivilegeEscalation"`
		ReadOnlyRootFilesystem   bool  `yaml:"readOnlyRootFilesystem"`
		Capabilities             struct {
			Drop []string `yaml:"drop"`
		} `yaml:"capabilities"`
	} `yaml:"securityContext"`
	VolumeMounts []struct {
		Name      string `yaml:"name"`
		MountPath string `yaml:"mountPath"`
		ReadOnly  bool   `yaml:"readOnly"`
	} `yaml:"volumeMounts"`
}

type probe struct {
	HTTPGet struct {
		Path string `yaml:"path"`
		Port string `yaml:"port"`
	} `yaml:"httpGet"`
}

// exampleFile is the example as shipped.
var exampleFile = filepath.Join("..", "..", "docs", "app", "kubernetes.yaml")

// decodeObjects decodes every document of a multi-document YAML stream,
// by kind; Secret, Deployment and Service must each be there once.
func decodeObjects(data []byte) (map[string]object, error) {
	objects := map[string]object{}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var o object
		err := dec.Decode(&o)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		if _, dup := objects[o.Kind]; dup {
			return nil, fmt.Errorf("two %s objects", o.Kind)
		}
		objects[o.Kind] = o
	}
	for _, kind := range []string{"Secret", "Deployment", "Service"} {
		if _, ok := objects[kind]; !ok {
			return nil, fmt.Errorf("no %s", kind)
		}
	}
	return objects, nil
}

// problems collects what a check finds wrong.
type problems []string

func (p *problems) add(format string, args ...any) { *p = append(*p, fmt.Sprintf(format, args...)) }

// TestTheKubernetesExampleRunsServe: the Deployment runs at least two
// replicas of the release image with args [serve] (and only serve's
// flags after it), sets only serve's environment variables and every one
// it needs, mounts the Secret's key and webhook secret as the files the
// *_FILE variables name, probes /readyz and /healthz on the port serve
// listens on, runs non-root on a read-only root with limits, and the
// Service reaches that port. Each planted mistake is found.
func TestTheKubernetesExampleRunsServe(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(exampleFile)
	if err != nil {
		t.Fatal(err)
	}
	if p := checkExample(data); len(p) > 0 {
		t.Errorf("docs/app/kubernetes.yaml:\n%s", strings.Join(p, "\n"))
	}
	for _, plant := range []struct{ name, old, new string }{
		{"one replica", "replicas: 2", "replicas: 1"},
		{"the action command", "args: [serve]", "args: [action]"},
		{"an unknown flag", "args: [serve]", "args: [serve, --port=8080]"},
		{"a variable serve never reads", "- name: STORYGATE_LISTEN", "- name: STORYGATE_PORT"},
		{"a probe path serve does not answer", "path: /readyz", "path: /ready"},
		{"the probes swapped", "path: /healthz", "path: /readyz"},
		{"another port", `value: ":8080"`, `value: ":9090"`},
		{"the key file elsewhere", "value: /var/run/storygate/private-key.pem", "value: /etc/storygate/private-key.pem"},
		{"a writable root", "readOnlyRootFilesystem: true", "readOnlyRootFilesystem: false"},
		{"root", "runAsNonRoot: true", "runAsNonRoot: false"},
		{"another image", "image: ghcr.io/storygate/storygate:", "image: docker.io/storygate/storygate:"},
	} {
		if !bytes.Contains(data, []byte(plant.old)) {
			t.Errorf("plant %s: the example no longer holds %q", plant.name, plant.old)
			continue
		}
		planted := bytes.Replace(data, []byte(plant.old), []byte(plant.new), 1)
		if len(checkExample(planted)) == 0 {
			t.Errorf("plant %s (%q for %q) went unreported", plant.name, plant.new, plant.old)
		}
	}
}

// checkExample lists what is wrong with a Kubernetes example of serve.
func checkExample(data []byte) problems {
	var p problems
	objects, err := decodeObjects(data)
	if err != nil {
		p.add("%v", err)
		return p
	}
	d := objects["Deployment"]
	if d.Spec.Replicas < 2 {
		p.add("replicas %d, want at least 2 (serve is stateless)", d.Spec.Replicas)
	}
	pod := d.Spec.Template
	if len(pod.Spec.Containers) != 1 {
		p.add("%d containers, want storygate alone", len(pod.Spec.Containers))
		return p
	}
	c := pod.Spec.Containers[0]
	if !strings.HasPrefix(c.Image, "ghcr.io/storygate/storygate:") && !strings.HasPrefix(c.Image, "ghcr.io/storygate/storygate@sha256:") {
		p.add("image %q, want ghcr.io/storygate/storygate at a tag or digest", c.Image)
	}
	checkArgs(&p, c.Args)
	env := checkEnv(&p, c)
	checkSecretFiles(&p, objects["Secret"], pod, c, env)
	port := checkPorts(&p, c, env["STORYGATE_LISTEN"])
	checkService(&p, objects["Service"], c, pod.Metadata.Labels)
	if a := pod.Metadata.Annotations["prometheus.io/path"]; a != "" && a != "/metrics" {
		p.add("prometheus.io/path %q, serve's metrics are at /metrics", a)
	}
	if a := pod.Metadata.Annotations["prometheus.io/port"]; a != "" && a != port {
		p.add("prometheus.io/port %q, serve listens on %s", a, port)
	}
	checkHardening(&p, pod, c)
	return p
}

// checkArgs: serve, then only serve's flags.
func checkArgs(p *problems, args []string) {
	if len(args) == 0 || args[0] != "serve" {
		p.add("args %q, want [serve …]", args)
	}
	for _, a := range args[1:] {
		if !strings.HasPrefix(a, "--") {
			continue // a flag's value
		}
		if name, _, _ := strings.Cut(a, "="); !slices.Contains(serveFlags, name) {
			p.add("arg %q: serve's flags are %v", a, serveFlags)
		}
	}
}

// checkEnv: only serve's variables, each needed one set; returns them.
func checkEnv(p *problems, c container) map[string]string {
	env := map[string]string{}
	for _, e := range c.Env {
		if !slices.Contains(serveEnv, e.Name) {
			p.add("env %s: serve reads only %v", e.Name, serveEnv)
		}
		env[e.Name] = e.Value
	}
	for _, name := range serveNeeds {
		if env[name] == "" {
			p.add("env %s unset: serve needs it (or its flag)", name)
		}
	}
	return env
}

// checkSecretFiles: each *_FILE variable names a file of a read-only
// mount of a secret volume of the Secret, an item whose key the Secret
// holds.
func checkSecretFiles(p *problems, secret object, pod podTemplate, c container, env map[string]string) {
	for _, name := range []string{"STORYGATE_PRIVATE_KEY_FILE", "STORYGATE_WEBHOOK_SECRET_FILE"} {
		file := env[name]
		dir, base := path.Split(file)
		found := false
		for _, m := range c.VolumeMounts {
			if strings.TrimSuffix(m.MountPath, "/")+"/" != dir {
				continue
			}
			if !m.ReadOnly {
				p.add("%s: mount %s is writable", name, m.MountPath)
			}
			for _, v := range pod.Spec.Volumes {
				if v.Name != m.Name || v.Secret == nil || v.Secret.SecretName != secret.Metadata.Name {
					continue
				}
				for _, it := range v.Secret.Items {
					_, inString := secret.StringData[it.Key]
					_, inData := secret.Data[it.Key]
					found = found || (it.Path == base && (inString || inData))
				}
			}
		}
		if !found {
			p.add("%s=%s: no item of Secret %s mounted there", name, file, secret.Metadata.Name)
		}
	}
}

// checkPorts: the container port is STORYGATE_LISTEN's, and the probes
// ask serve's /readyz and /healthz on it; returns the port.
func checkPorts(p *problems, c container, listen string) string {
	_, port, err := net.SplitHostPort(listen)
	if err != nil {
		p.add("STORYGATE_LISTEN %q: %v", listen, err)
		return ""
	}
	names := map[string]string{}
	for _, cp := range c.Ports {
		names[cp.Name] = strconv.Itoa(cp.ContainerPort)
	}
	if !slices.Contains(slices.Collect(maps.Values(names)), port) {
		p.add("container ports %v, serve listens on %s", names, port)
	}
	for _, pr := range []struct {
		what, want string
		probe      probe
	}{{"readinessProbe", "/readyz", c.ReadinessProbe}, {"livenessProbe", "/healthz", c.LivenessProbe}} {
		got := pr.probe.HTTPGet
		if got.Path != pr.want || !slices.Contains(servePaths, got.Path) {
			p.add("%s path %q, want serve's %s (serve answers %v)", pr.what, got.Path, pr.want, servePaths)
		}
		if n := resolvePort(names, got.Port); n != port {
			p.add("%s port %q is %q, serve listens on %s", pr.what, got.Port, n, port)
		}
	}
	return port
}

// checkService: the Service selects the pod and targets serve's port.
func checkService(p *problems, svc object, c container, labels map[string]string) {
	var selector map[string]string
	if err := svc.Spec.Selector.Decode(&selector); err != nil || len(selector) == 0 {
		p.add("Service selector: %v", err)
		return
	}
	for k, v := range selector {
		if labels[k] != v {
			p.add("Service selects %s=%s, the pod has %q", k, v, labels[k])
		}
	}
	names := map[string]string{}
	for _, cp := range c.Ports {
		names[cp.Name] = strconv.Itoa(cp.ContainerPort)
	}
	if len(svc.Spec.Ports) == 0 || resolvePort(names, svc.Spec.Ports[0].TargetPort) == "" {
		p.add("Service ports %+v reach no container port of %v", svc.Spec.Ports, names)
	}
}

// checkHardening: non-root, read-only root, no privilege escalation, all
// capabilities dropped, CPU and memory limits.
func checkHardening(p *problems, pod podTemplate, c container) {
	sc := c.SecurityContext
	if !pod.Spec.SecurityContext.RunAsNonRoot || pod.Spec.SecurityContext.RunAsUser == 0 {
		p.add("pod securityContext %+v: want runAsNonRoot with a non-zero runAsUser", pod.Spec.SecurityContext)
	}
	if !sc.ReadOnlyRootFilesystem || sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation || !slices.Contains(sc.Capabilities.Drop, "ALL") {
		p.add("container securityContext %+v: want a read-only root, no privilege escalation, ALL dropped", sc)
	}
	for _, r := range []string{"cpu", "memory"} {
		if c.Resources.Limits[r] == "" {
			p.add("no %s limit", r)
		}
	}
}

// resolvePort is a named or numbered port's number among names.
func resolvePort(names map[string]string, port string) string {
	if n, ok := names[port]; ok {
		return n
	}
	if slices.Contains(slices.Collect(maps.Values(names)), port) {
		return port
	}
	return ""
}
