package serve

import (
	"bytes"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// maxSecretFile bounds a key or secret file: a PEM RSA key is a few
// kilobytes, so a larger file is a wrong path, not a key.
const maxSecretFile = 64 << 10

// secretValue is a secret's bytes, from its file or its value: a flag
// naming the file wins; in the environment, setting both the file and the
// value is ambiguous and refused.
func secretValue(src source, fileSet, valueSet Setting, what string) (Secret, string, error) {
	path, from := src.lookup(fileSet)
	value := src.getenv(valueSet.Env)
	switch {
	case from == "" && value == "":
		return nil, "", fmt.Errorf("the %s is required: --%s or %s (a file), or %s (the value)", what, fileSet.Flag, fileSet.Env, valueSet.Env)
	case from == fileSet.Env && value != "":
		return nil, "", fmt.Errorf("the %s is set twice, by %s and %s: set one", what, fileSet.Env, valueSet.Env)
	case from == "":
		return Secret(value), valueSet.Env, nil
	}
	data, err := readSecretFile(path)
	if err != nil {
		return nil, "", fmt.Errorf("the %s (%s): %w", what, from, err)
	}
	return data, fmt.Sprintf("%s %s", from, path), nil
}

// readSecretFile reads a key or secret file of at most maxSecretFile bytes.
func readSecretFile(path string) (Secret, error) {
	if path == "" {
		return nil, errors.New("the file name is empty")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil {
		return nil, err
	} else if info.IsDir() {
		return nil, fmt.Errorf("%s is a directory, not a file", path)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxSecretFile+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if len(data) > maxSecretFile {
		return nil, fmt.Errorf("%s is larger than %d bytes: not a key or a secret", path, maxSecretFile)
	}
	return data, nil
}

// privateKey is the App's private key, checked to be a PEM RSA private
// key (PKCS #1 or #8, as GitHub issues it) so that a wrong file fails at
// start, not at the first delivery. A key given by value may spell its
// line breaks as \n, as many secret stores do.
func privateKey(src source) (Secret, error) {
	key, from, err := secretValue(src, keyFileSetting, keySetting, "App's private key")
	if err != nil {
		return nil, err
	}
	if from == EnvPrivateKey && !bytes.Contains(key, []byte("\n")) {
		key = Secret(strings.ReplaceAll(string(key), `\n`, "\n"))
	}
	if err := checkRSAKey(key); err != nil {
		return nil, fmt.Errorf("the App's private key (%s): %w", from, err)
	}
	return key, nil
}

// checkRSAKey reports whether pemKey holds an RSA private key; the error
// never quotes the key.
func checkRSAKey(pemKey []byte) error {
	block, _ := pem.Decode(pemKey)
	if block == nil {
		return errors.New("not PEM: want the .pem file GitHub generated for the App")
	}
	if k, err := x509.ParsePKCS1PrivateKey(block.Bytes); err == nil && k != nil {
		return nil
	}
	k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return fmt.Errorf("the PEM block %q is not an RSA private key", block.Type)
	}
	if _, ok := k.(*rsa.PrivateKey); !ok {
		return fmt.Errorf("the PEM block %q is a %T, not an RSA private key", block.Type, k)
	}
	return nil
}

// webhookSecret is the App's webhook secret, without the line break a
// file usually ends with (GitHub's settings page takes no surrounding
// white space, so none is ever part of it).
func webhookSecret(src source) (Secret, error) {
	secret, _, err := secretValue(src, secretFileSetting, secretSetting, "webhook secret")
	if err != nil {
		return nil, err
	}
	secret = bytes.TrimSpace(secret)
	if len(secret) == 0 {
		return nil, errors.New("the webhook secret is empty: every signature would be forgeable")
	}
	return secret, nil
}
