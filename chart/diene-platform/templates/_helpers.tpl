{{/* Labels every Application carries. */}}
{{- define "diene-platform.labels" -}}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: diene
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | quote }}
{{- with .Values.labels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/*
The platform name, checked against SPEC §2 (5–16 characters, ^[a-z][a-z0-9]*$):
a bad name fails the install instead of producing a plugin error later.
*/}}
{{- define "diene-platform.name" -}}
{{- $name := required "every entry of platforms needs a name" .name -}}
{{- if not (regexMatch "^[a-z][a-z0-9]{4,15}$" $name) -}}
{{- fail (printf "platform name %q must match ^[a-z][a-z0-9]*$ with 5 to 16 characters (SPEC §2)" $name) -}}
{{- end -}}
{{- $name -}}
{{- end -}}
