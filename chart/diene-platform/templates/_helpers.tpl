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

{{/*
The folder pattern of the fleet's platforms for the git directory generator:
<fleet.path>/<fleet.directory>/carbon/*, without "." or empty parts.
*/}}
{{- define "diene-platform.carbonPattern" -}}
{{- $parts := list -}}
{{- range (list .Values.fleet.path .Values.fleet.directory) -}}
{{- $part := trimAll "/" . -}}
{{- if and $part (ne $part ".") -}}
{{- $parts = append $parts $part -}}
{{- end -}}
{{- end -}}
{{- join "/" (append $parts "carbon/*") -}}
{{- end -}}

{{/*
A platform Application's metadata and spec, from a dict {root, name, project}.
`name` is the platform's name, or the ApplicationSet expression that yields it.
*/}}
{{- define "diene-platform.application" -}}
{{- $ := .root -}}
metadata:
  name: {{ printf "%s%s" $.Values.applicationNamePrefix .name | quote }}
  namespace: {{ $.Values.argocd.namespace | quote }}
  labels:
    {{- include "diene-platform.labels" $ | nindent 4 }}
    diene.atomi.cloud/platform: {{ .name | quote }}
  {{- with $.Values.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  project: {{ .project | quote }}
  source:
    repoURL: {{ $.Values.fleet.repoURL | quote }}
    targetRevision: {{ $.Values.fleet.targetRevision | quote }}
    path: {{ $.Values.fleet.path | quote }}
    plugin:
      name: {{ $.Values.plugin.name | quote }}
      env:
        - name: PLATFORM
          value: {{ .name | quote }}
      {{- with $.Values.fleet.directory }}
      parameters:
        - name: fleet
          string: {{ . | quote }}
      {{- end }}
  destination:
    server: {{ $.Values.argocd.destination.server | quote }}
    namespace: {{ $.Values.argocd.destination.namespace | quote }}
  syncPolicy:
    {{- toYaml $.Values.syncPolicy | nindent 4 }}
{{- end -}}
