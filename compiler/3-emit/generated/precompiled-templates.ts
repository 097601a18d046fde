// @ts-nocheck
// Generated from templates/*.hbs by `npm run gen:templates` (Handlebars 4.7.10, scripts/embed-templates-lib.mjs). Do not edit.

/** Every Handlebars template of templates/, precompiled with the options it is rendered with, keyed by file name. */
export const precompiledTemplates: Readonly<Record<string, object>> = {
  'dependency-health.lua.hbs': {
    compiler: [8, '>= 4.3.0'],
    main: function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = container.strict,
        alias2 = depth0 != null ? depth0 : container.nullContext || {},
        alias3 = 'function',
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '-- ' +
        ((stack1 =
          ((helper = lookupProperty(helpers, 'comment') || alias1(depth0, 'comment', { start: { line: 1, column: 5 }, end: { line: 1, column: 12 } })),
          typeof helper === alias3
            ? helper.call(alias2, { name: 'comment', hash: {}, data: data, loc: { start: { line: 1, column: 3 }, end: { line: 1, column: 14 } } })
            : helper)) != null
          ? stack1
          : '') +
        '\n-- Health of a diene dependency record (' +
        ((stack1 =
          ((helper = lookupProperty(helpers, 'kinds') || alias1(depth0, 'kinds', { start: { line: 2, column: 42 }, end: { line: 2, column: 47 } })),
          typeof helper === alias3
            ? helper.call(alias2, { name: 'kinds', hash: {}, data: data, loc: { start: { line: 2, column: 40 }, end: { line: 2, column: 49 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' of ' +
        ((stack1 =
          ((helper = lookupProperty(helpers, 'group') || alias1(depth0, 'group', { start: { line: 2, column: 55 }, end: { line: 2, column: 60 } })),
          typeof helper === alias3
            ? helper.call(alias2, { name: 'group', hash: {}, data: data, loc: { start: { line: 2, column: 53 }, end: { line: 2, column: 62 } } })
            : helper)) != null
          ? stack1
          : '') +
        '):\n-- Healthy when Ready and SecretWritten are True for the current generation,\n-- Degraded when Stalled is True, Progressing before. Argo CD runs it with obj\n-- set to the live object and no standard library but base, table and os.\nlocal hs = { status = "Progressing" }\n\nlocal what = "record"\nif type(obj.kind) == "string" then what = obj.kind end\nif obj.metadata ~= nil and type(obj.metadata.name) == "string" then what = what .. " " .. obj.metadata.name end\n\nlocal generation = nil\nif obj.metadata ~= nil and type(obj.metadata.generation) == "number" then generation = obj.metadata.generation end\n\nlocal function current(observed)\n  return generation == nil or type(observed) ~= "number" or observed >= generation\nend\n\nlocal function condition(name)\n  if type(obj.status) ~= "table" or type(obj.status.conditions) ~= "table" then return nil end\n  for _, c in ipairs(obj.status.conditions) do\n    if type(c) == "table" and c.type == name then\n      if current(c.observedGeneration) then return c end\n      return nil\n    end\n  end\n  return nil\nend\n\nlocal function said(c, fallback)\n  if c ~= nil and type(c.message) == "string" and c.message ~= "" then return c.message end\n  return fallback\nend\n\nif type(obj.status) ~= "table" then\n  hs.message = "waiting for the controller to report on " .. what\n  return hs\nend\n\nif not current(obj.status.observedGeneration) then\n  hs.message = "waiting for the controller to act on generation " .. tostring(generation) .. " of " .. what\n  return hs\nend\n\nlocal stalled = condition("' +
        ((stack1 =
          ((helper = lookupProperty(helpers, 'stalled') || alias1(depth0, 'stalled', { start: { line: 45, column: 29 }, end: { line: 45, column: 36 } })),
          typeof helper === alias3
            ? helper.call(alias2, { name: 'stalled', hash: {}, data: data, loc: { start: { line: 45, column: 27 }, end: { line: 45, column: 38 } } })
            : helper)) != null
          ? stack1
          : '') +
        '")\nif stalled ~= nil and stalled.status == "True" then\n  hs.status = "Degraded"\n  local reason = ""\n  if type(stalled.reason) == "string" and stalled.reason ~= "" then reason = " (" .. stalled.reason .. ")" end\n  hs.message = said(stalled, what .. " failed" .. reason)\n  return hs\nend\n\nlocal ready = condition("' +
        ((stack1 =
          ((helper = lookupProperty(helpers, 'ready') || alias1(depth0, 'ready', { start: { line: 54, column: 27 }, end: { line: 54, column: 32 } })),
          typeof helper === alias3
            ? helper.call(alias2, { name: 'ready', hash: {}, data: data, loc: { start: { line: 54, column: 25 }, end: { line: 54, column: 34 } } })
            : helper)) != null
          ? stack1
          : '') +
        '")\nif ready == nil or ready.status ~= "True" then\n  hs.message = said(ready, "waiting for " .. what .. " to be ready")\n  return hs\nend\n\nlocal secret = condition("' +
        ((stack1 =
          ((helper =
            lookupProperty(helpers, 'secretWritten') || alias1(depth0, 'secretWritten', { start: { line: 60, column: 28 }, end: { line: 60, column: 41 } })),
          typeof helper === alias3
            ? helper.call(alias2, { name: 'secretWritten', hash: {}, data: data, loc: { start: { line: 60, column: 26 }, end: { line: 60, column: 43 } } })
            : helper)) != null
          ? stack1
          : '') +
        '")\nif secret == nil or secret.status ~= "True" then\n  hs.message = said(secret, what .. " is ready; waiting for its secret to be written")\n  return hs\nend\n\nhs.status = "Healthy"\nhs.message = what .. " is ready and its secret is written"\nreturn hs\n'
      );
    },
    useData: true,
  },
  'pr-report.md.hbs': {
    '0': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.hooks.helperMissing,
        alias3 = 'function',
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '### The fleet does not compile\n\n' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'errorCount') || (depth0 != null ? lookupProperty(depth0, 'errorCount') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'errorCount', hash: {}, data: data, loc: { start: { line: 7, column: 0 }, end: { line: 7, column: 14 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' error(s), ' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'warningCount') || (depth0 != null ? lookupProperty(depth0, 'warningCount') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'warningCount', hash: {}, data: data, loc: { start: { line: 7, column: 25 }, end: { line: 7, column: 41 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' warning(s). Nothing is generated until every error is fixed.\n\n| where | code | what is wrong | what to do |\n| --- | --- | --- | --- |\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(alias1, depth0 != null ? lookupProperty(depth0, 'errors') : depth0, {
          name: 'each',
          hash: {},
          fn: container.program(1, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 11, column: 0 }, end: { line: 13, column: 9 } },
        })) != null
          ? stack1
          : '') +
        '\n' +
        ((stack1 = lookupProperty(helpers, 'if').call(alias1, depth0 != null ? lookupProperty(depth0, 'errorsCut') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(2, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 15, column: 0 }, end: { line: 18, column: 7 } },
        })) != null
          ? stack1
          : '')
      );
    },
    '1': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.hooks.helperMissing,
        alias3 = 'function',
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '| ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'place') || (depth0 != null ? lookupProperty(depth0, 'place') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'place', hash: {}, data: data, loc: { start: { line: 12, column: 2 }, end: { line: 12, column: 11 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | `' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'code') || (depth0 != null ? lookupProperty(depth0, 'code') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'code', hash: {}, data: data, loc: { start: { line: 12, column: 15 }, end: { line: 12, column: 23 } } })
            : helper)) != null
          ? stack1
          : '') +
        '` | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'message') || (depth0 != null ? lookupProperty(depth0, 'message') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'message', hash: {}, data: data, loc: { start: { line: 12, column: 27 }, end: { line: 12, column: 38 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'hint') || (depth0 != null ? lookupProperty(depth0, 'hint') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'hint', hash: {}, data: data, loc: { start: { line: 12, column: 41 }, end: { line: 12, column: 49 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' |\n'
      );
    },
    '2': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '_' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'errorsCut') || (depth0 != null ? lookupProperty(depth0, 'errorsCut') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'errorsCut',
                hash: {},
                data: data,
                loc: { start: { line: 16, column: 1 }, end: { line: 16, column: 14 } },
              })
            : helper)) != null
          ? stack1
          : '') +
        ' more not listed here; `diene validate` lists them all._\n\n'
      );
    },
    '3': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        ((stack1 = lookupProperty(helpers, 'if').call(alias1, depth0 != null ? lookupProperty(depth0, 'refusals') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(4, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 20, column: 0 }, end: { line: 40, column: 7 } },
        })) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(alias1, depth0 != null ? lookupProperty(depth0, 'endpointCount') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(8, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 41, column: 0 }, end: { line: 52, column: 7 } },
        })) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(alias1, depth0 != null ? lookupProperty(depth0, 'freshness') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(10, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 53, column: 0 }, end: { line: 56, column: 7 } },
        })) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(alias1, depth0 != null ? lookupProperty(depth0, 'deployCount') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(11, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 57, column: 0 }, end: { line: 72, column: 7 } },
        })) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(alias1, depth0 != null ? lookupProperty(depth0, 'resilience') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(14, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 73, column: 0 }, end: { line: 89, column: 7 } },
        })) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(alias1, depth0 != null ? lookupProperty(depth0, 'users') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(19, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 90, column: 0 }, end: { line: 169, column: 7 } },
        })) != null
          ? stack1
          : '') +
        '### Output changes ' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'comparedWith') || (depth0 != null ? lookupProperty(depth0, 'comparedWith') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(alias1, { name: 'comparedWith', hash: {}, data: data, loc: { start: { line: 170, column: 19 }, end: { line: 170, column: 35 } } })
            : helper)) != null
          ? stack1
          : '') +
        '\n\n' +
        ((stack1 = lookupProperty(helpers, 'if').call(alias1, depth0 != null ? lookupProperty(depth0, 'noChange') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(35, data, 0),
          inverse: container.program(36, data, 0),
          data: data,
          loc: { start: { line: 172, column: 0 }, end: { line: 210, column: 7 } },
        })) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(alias1, depth0 != null ? lookupProperty(depth0, 'pipelines') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(42, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 211, column: 0 }, end: { line: 222, column: 7 } },
        })) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(alias1, depth0 != null ? lookupProperty(depth0, 'pipelinesCut') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(44, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 223, column: 0 }, end: { line: 226, column: 7 } },
        })) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(alias1, depth0 != null ? lookupProperty(depth0, 'removedPlatforms') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(45, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 227, column: 0 }, end: { line: 230, column: 7 } },
        })) != null
          ? stack1
          : '')
      );
    },
    '4': function (container, depth0, helpers, partials, data) {
      var stack1,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '### Refused against the base branch\n\n' +
        ((stack1 = lookupProperty(helpers, 'if').call(alias1, depth0 != null ? lookupProperty(depth0, 'refusalCount') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(5, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 23, column: 0 }, end: { line: 25, column: 7 } },
        })) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(alias1, depth0 != null ? lookupProperty(depth0, 'removalCount') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(6, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 26, column: 0 }, end: { line: 28, column: 7 } },
        })) != null
          ? stack1
          : '') +
        '\n| where | code | what is wrong | what to do |\n| --- | --- | --- | --- |\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(alias1, depth0 != null ? lookupProperty(depth0, 'refusals') : depth0, {
          name: 'each',
          hash: {},
          fn: container.program(1, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 32, column: 0 }, end: { line: 34, column: 9 } },
        })) != null
          ? stack1
          : '') +
        '\n' +
        ((stack1 = lookupProperty(helpers, 'if').call(alias1, depth0 != null ? lookupProperty(depth0, 'refusalsCut') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(7, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 36, column: 0 }, end: { line: 39, column: 7 } },
        })) != null
          ? stack1
          : '')
      );
    },
    '5': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'refusalCount') || (depth0 != null ? lookupProperty(depth0, 'refusalCount') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'refusalCount',
                hash: {},
                data: data,
                loc: { start: { line: 24, column: 0 }, end: { line: 24, column: 16 } },
              })
            : helper)) != null
          ? stack1
          : '') +
        ' permanent identifier(s) changed or removed. `diene compile --check --base` exits 1 until each is put back or retired in `registry/fleet.yaml` (`retired:`).\n'
      );
    },
    '6': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'removalCount') || (depth0 != null ? lookupProperty(depth0, 'removalCount') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'removalCount',
                hash: {},
                data: data,
                loc: { start: { line: 27, column: 0 }, end: { line: 27, column: 16 } },
              })
            : helper)) != null
          ? stack1
          : '') +
        ' cluster(s) removed while their traffic is on in the base. `diene compile --check --base` exits 1 until each cluster is put back: turn its traffic off in a change of its own, let it drain, then remove it.\n'
      );
    },
    '7': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '_' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'refusalsCut') || (depth0 != null ? lookupProperty(depth0, 'refusalsCut') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'refusalsCut',
                hash: {},
                data: data,
                loc: { start: { line: 37, column: 1 }, end: { line: 37, column: 16 } },
              })
            : helper)) != null
          ? stack1
          : '') +
        ' more not listed here; `diene compile --check --base` lists them all._\n\n'
      );
    },
    '8': function (container, depth0, helpers, partials, data) {
      var stack1,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '### DNS hosts that send a credential somewhere new\n\n`diene export dns` and `diene apply dns` refuse these hosts, before reading any secret, until this change is merged (or unless run with `--allow-endpoint-change`): check that each endpoint and credential variable is meant.\n\n| host | provider | | endpoint and credential variable |\n| --- | --- | --- | --- |\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          depth0 != null ? depth0 : container.nullContext || {},
          depth0 != null ? lookupProperty(depth0, 'endpoints') : depth0,
          {
            name: 'each',
            hash: {},
            fn: container.program(9, data, 0),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 48, column: 0 }, end: { line: 50, column: 9 } },
          },
        )) != null
          ? stack1
          : '') +
        '\n'
      );
    },
    '9': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.hooks.helperMissing,
        alias3 = 'function',
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '| ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'host') || (depth0 != null ? lookupProperty(depth0, 'host') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'host', hash: {}, data: data, loc: { start: { line: 49, column: 2 }, end: { line: 49, column: 10 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'provider') || (depth0 != null ? lookupProperty(depth0, 'provider') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'provider', hash: {}, data: data, loc: { start: { line: 49, column: 13 }, end: { line: 49, column: 25 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'status') || (depth0 != null ? lookupProperty(depth0, 'status') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'status', hash: {}, data: data, loc: { start: { line: 49, column: 28 }, end: { line: 49, column: 38 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'fields') || (depth0 != null ? lookupProperty(depth0, 'fields') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'fields', hash: {}, data: data, loc: { start: { line: 49, column: 41 }, end: { line: 49, column: 51 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' |\n'
      );
    },
    '10': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '**Generated files:** ' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'freshness') || (depth0 != null ? lookupProperty(depth0, 'freshness') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'freshness',
                hash: {},
                data: data,
                loc: { start: { line: 54, column: 21 }, end: { line: 54, column: 34 } },
              })
            : helper)) != null
          ? stack1
          : '') +
        '\n\n'
      );
    },
    '11': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '### Rows that change what deploys\n\nArgoCD and Kargo read the rows at run time: ' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'deployed') || (depth0 != null ? lookupProperty(depth0, 'deployed') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(alias1, { name: 'deployed', hash: {}, data: data, loc: { start: { line: 60, column: 44 }, end: { line: 60, column: 56 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' once merged, though no generated file shows the change.\n\n| row | | chart | image | values |\n| --- | --- | --- | --- | --- |\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(alias1, depth0 != null ? lookupProperty(depth0, 'deploys') : depth0, {
          name: 'each',
          hash: {},
          fn: container.program(12, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 64, column: 0 }, end: { line: 66, column: 9 } },
        })) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(alias1, depth0 != null ? lookupProperty(depth0, 'deploysCut') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(13, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 67, column: 0 }, end: { line: 70, column: 7 } },
        })) != null
          ? stack1
          : '') +
        '\n'
      );
    },
    '12': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.hooks.helperMissing,
        alias3 = 'function',
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '| ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'row') || (depth0 != null ? lookupProperty(depth0, 'row') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'row', hash: {}, data: data, loc: { start: { line: 65, column: 2 }, end: { line: 65, column: 9 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'status') || (depth0 != null ? lookupProperty(depth0, 'status') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'status', hash: {}, data: data, loc: { start: { line: 65, column: 12 }, end: { line: 65, column: 22 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'chart') || (depth0 != null ? lookupProperty(depth0, 'chart') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'chart', hash: {}, data: data, loc: { start: { line: 65, column: 25 }, end: { line: 65, column: 34 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'image') || (depth0 != null ? lookupProperty(depth0, 'image') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'image', hash: {}, data: data, loc: { start: { line: 65, column: 37 }, end: { line: 65, column: 46 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'values') || (depth0 != null ? lookupProperty(depth0, 'values') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'values', hash: {}, data: data, loc: { start: { line: 65, column: 49 }, end: { line: 65, column: 59 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' |\n'
      );
    },
    '13': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '\n_' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'deploysCut') || (depth0 != null ? lookupProperty(depth0, 'deploysCut') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'deploysCut',
                hash: {},
                data: data,
                loc: { start: { line: 69, column: 1 }, end: { line: 69, column: 15 } },
              })
            : helper)) != null
          ? stack1
          : '') +
        ' more rows not listed here._\n'
      );
    },
    '14': function (container, depth0, helpers, partials, data) {
      var stack1,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '### Resilience against single failures\n\n' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          depth0 != null ? depth0 : container.nullContext || {},
          (stack1 = depth0 != null ? lookupProperty(depth0, 'resilience') : depth0) != null ? lookupProperty(stack1, 'lost') : stack1,
          {
            name: 'if',
            hash: {},
            fn: container.program(15, data, 0),
            inverse: container.program(18, data, 0),
            data: data,
            loc: { start: { line: 76, column: 0 }, end: { line: 87, column: 7 } },
          },
        )) != null
          ? stack1
          : '') +
        '\n'
      );
    },
    '15': function (container, depth0, helpers, partials, data) {
      var stack1,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        ((stack1 = container.lambda(
          (stack1 = depth0 != null ? lookupProperty(depth0, 'resilience') : depth0) != null ? lookupProperty(stack1, 'count') : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        ' landscape(s) survived every single failure on the base branch and no longer do (`diene simulate --all-single` on both):\n\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          alias1,
          (stack1 = depth0 != null ? lookupProperty(depth0, 'resilience') : depth0) != null ? lookupProperty(stack1, 'losses') : stack1,
          {
            name: 'each',
            hash: {},
            fn: container.program(16, data, 0),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 79, column: 0 }, end: { line: 81, column: 9 } },
          },
        )) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          (stack1 = depth0 != null ? lookupProperty(depth0, 'resilience') : depth0) != null ? lookupProperty(stack1, 'cut') : stack1,
          {
            name: 'if',
            hash: {},
            fn: container.program(17, data, 0),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 82, column: 0 }, end: { line: 84, column: 7 } },
          },
        )) != null
          ? stack1
          : '')
      );
    },
    '16': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.hooks.helperMissing,
        alias3 = 'function',
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '- ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'column') || (depth0 != null ? lookupProperty(depth0, 'column') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'column', hash: {}, data: data, loc: { start: { line: 80, column: 2 }, end: { line: 80, column: 12 } } })
            : helper)) != null
          ? stack1
          : '') +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'kind') || (depth0 != null ? lookupProperty(depth0, 'kind') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'kind', hash: {}, data: data, loc: { start: { line: 80, column: 12 }, end: { line: 80, column: 20 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'served') || (depth0 != null ? lookupProperty(depth0, 'served') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'served', hash: {}, data: data, loc: { start: { line: 80, column: 21 }, end: { line: 80, column: 31 } } })
            : helper)) != null
          ? stack1
          : '') +
        ': down for ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'users') || (depth0 != null ? lookupProperty(depth0, 'users') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'users', hash: {}, data: data, loc: { start: { line: 80, column: 42 }, end: { line: 80, column: 51 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' when one of these fails: ' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'failures') || (depth0 != null ? lookupProperty(depth0, 'failures') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'failures', hash: {}, data: data, loc: { start: { line: 80, column: 77 }, end: { line: 80, column: 89 } } })
            : helper)) != null
          ? stack1
          : '') +
        '\n'
      );
    },
    '17': function (container, depth0, helpers, partials, data) {
      var stack1,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '- _' +
        ((stack1 = container.lambda(
          (stack1 = depth0 != null ? lookupProperty(depth0, 'resilience') : depth0) != null ? lookupProperty(stack1, 'cut') : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        ' more not listed here; `diene simulate --all-single` on both branches shows them._\n'
      );
    },
    '18': function (container, depth0, helpers, partials, data) {
      return 'Every landscape and virtual landscape that survived every single failure on the base branch still does (`diene simulate --all-single` on both).\n';
    },
    '19': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '### What changes for users ' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'comparedWith') || (depth0 != null ? lookupProperty(depth0, 'comparedWith') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(alias1, { name: 'comparedWith', hash: {}, data: data, loc: { start: { line: 91, column: 27 }, end: { line: 91, column: 43 } } })
            : helper)) != null
          ? stack1
          : '') +
        '\n\n' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'dns') : stack1) != null
            ? lookupProperty(stack1, 'count')
            : stack1,
          {
            name: 'if',
            hash: {},
            fn: container.program(20, data, 0),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 93, column: 0 }, end: { line: 108, column: 7 } },
          },
        )) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'dns') : stack1) != null
            ? lookupProperty(stack1, 'leftAloneCount')
            : stack1,
          {
            name: 'if',
            hash: {},
            fn: container.program(23, data, 0),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 109, column: 0 }, end: { line: 118, column: 7 } },
          },
        )) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'dns') : stack1) != null
            ? lookupProperty(stack1, 'unplanned')
            : stack1,
          {
            name: 'if',
            hash: {},
            fn: container.program(25, data, 0),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 119, column: 0 }, end: { line: 122, column: 7 } },
          },
        )) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'routes') : stack1) != null
            ? lookupProperty(stack1, 'count')
            : stack1,
          {
            name: 'if',
            hash: {},
            fn: container.program(26, data, 0),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 123, column: 0 }, end: { line: 136, column: 7 } },
          },
        )) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'books') : stack1) != null
            ? lookupProperty(stack1, 'count')
            : stack1,
          {
            name: 'if',
            hash: {},
            fn: container.program(29, data, 0),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 137, column: 0 }, end: { line: 150, column: 7 } },
          },
        )) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'gateways') : stack1) != null
            ? lookupProperty(stack1, 'count')
            : stack1,
          {
            name: 'if',
            hash: {},
            fn: container.program(32, data, 0),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 151, column: 0 }, end: { line: 168, column: 7 } },
          },
        )) != null
          ? stack1
          : '')
      );
    },
    '20': function (container, depth0, helpers, partials, data) {
      var stack1,
        alias1 = container.lambda,
        alias2 = depth0 != null ? depth0 : container.nullContext || {},
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '#### DNS answers: ' +
        ((stack1 = alias1(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'dns') : stack1) != null
            ? lookupProperty(stack1, 'summary')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        "\n\nWhat `diene plan dns` plans against the base's zone plans, each address with its cluster.\n\n" +
        ((stack1 = alias1(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'dns') : stack1) != null
            ? lookupProperty(stack1, 'open')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        '| name | type | DNS hosts | change |\n| --- | --- | --- | --- |\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          alias2,
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'dns') : stack1) != null
            ? lookupProperty(stack1, 'rows')
            : stack1,
          {
            name: 'each',
            hash: {},
            fn: container.program(21, data, 0),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 100, column: 0 }, end: { line: 102, column: 9 } },
          },
        )) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias2,
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'dns') : stack1) != null
            ? lookupProperty(stack1, 'cut')
            : stack1,
          {
            name: 'if',
            hash: {},
            fn: container.program(22, data, 0),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 103, column: 0 }, end: { line: 106, column: 7 } },
          },
        )) != null
          ? stack1
          : '') +
        ((stack1 = alias1(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'dns') : stack1) != null
            ? lookupProperty(stack1, 'close')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        '\n'
      );
    },
    '21': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.hooks.helperMissing,
        alias3 = 'function',
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '| ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'name') || (depth0 != null ? lookupProperty(depth0, 'name') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'name', hash: {}, data: data, loc: { start: { line: 101, column: 2 }, end: { line: 101, column: 10 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'type') || (depth0 != null ? lookupProperty(depth0, 'type') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'type', hash: {}, data: data, loc: { start: { line: 101, column: 13 }, end: { line: 101, column: 21 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'hosts') || (depth0 != null ? lookupProperty(depth0, 'hosts') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'hosts', hash: {}, data: data, loc: { start: { line: 101, column: 24 }, end: { line: 101, column: 33 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'change') || (depth0 != null ? lookupProperty(depth0, 'change') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'change', hash: {}, data: data, loc: { start: { line: 101, column: 36 }, end: { line: 101, column: 46 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' |\n'
      );
    },
    '22': function (container, depth0, helpers, partials, data) {
      var stack1,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '\n_' +
        ((stack1 = container.lambda(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'dns') : stack1) != null
            ? lookupProperty(stack1, 'cut')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        " more not listed here; `diene plan dns --live` with the base's generated/ lists them all._\n"
      );
    },
    '23': function (container, depth0, helpers, partials, data) {
      var stack1,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '<details><summary>Record sets the planner leaves alone (' +
        ((stack1 = container.lambda(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'dns') : stack1) != null
            ? lookupProperty(stack1, 'leftAloneCount')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        ')</summary>\n\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          depth0 != null ? depth0 : container.nullContext || {},
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'dns') : stack1) != null
            ? lookupProperty(stack1, 'leftAlone')
            : stack1,
          {
            name: 'each',
            hash: {},
            fn: container.program(24, data, 0),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 112, column: 0 }, end: { line: 114, column: 9 } },
          },
        )) != null
          ? stack1
          : '') +
        '\n</details>\n\n'
      );
    },
    '24': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.hooks.helperMissing,
        alias3 = 'function',
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '- ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'hosts') || (depth0 != null ? lookupProperty(depth0, 'hosts') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'hosts', hash: {}, data: data, loc: { start: { line: 113, column: 2 }, end: { line: 113, column: 11 } } })
            : helper)) != null
          ? stack1
          : '') +
        ': ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'report') || (depth0 != null ? lookupProperty(depth0, 'report') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'report', hash: {}, data: data, loc: { start: { line: 113, column: 13 }, end: { line: 113, column: 23 } } })
            : helper)) != null
          ? stack1
          : '') +
        '\n'
      );
    },
    '25': function (container, depth0, helpers, partials, data) {
      var stack1,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        'Zones no longer planned (their record sets stay on the hosts until removed by hand): ' +
        ((stack1 = container.lambda(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'dns') : stack1) != null
            ? lookupProperty(stack1, 'unplanned')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        '.\n\n'
      );
    },
    '26': function (container, depth0, helpers, partials, data) {
      var stack1,
        alias1 = container.lambda,
        alias2 = depth0 != null ? depth0 : container.nullContext || {},
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '#### Route paths: ' +
        ((stack1 = alias1(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'routes') : stack1) != null
            ? lookupProperty(stack1, 'summary')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        '\n\n' +
        ((stack1 = alias1(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'routes') : stack1) != null
            ? lookupProperty(stack1, 'open')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        '| landscape | host | prefix | target |\n| --- | --- | --- | --- |\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          alias2,
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'routes') : stack1) != null
            ? lookupProperty(stack1, 'rows')
            : stack1,
          {
            name: 'each',
            hash: {},
            fn: container.program(27, data, 0),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 128, column: 0 }, end: { line: 130, column: 9 } },
          },
        )) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias2,
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'routes') : stack1) != null
            ? lookupProperty(stack1, 'cut')
            : stack1,
          {
            name: 'if',
            hash: {},
            fn: container.program(28, data, 0),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 131, column: 0 }, end: { line: 134, column: 7 } },
          },
        )) != null
          ? stack1
          : '') +
        ((stack1 = alias1(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'routes') : stack1) != null
            ? lookupProperty(stack1, 'close')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        '\n'
      );
    },
    '27': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.hooks.helperMissing,
        alias3 = 'function',
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '| ' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'landscape') || (depth0 != null ? lookupProperty(depth0, 'landscape') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'landscape', hash: {}, data: data, loc: { start: { line: 129, column: 2 }, end: { line: 129, column: 15 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'host') || (depth0 != null ? lookupProperty(depth0, 'host') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'host', hash: {}, data: data, loc: { start: { line: 129, column: 18 }, end: { line: 129, column: 26 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'prefix') || (depth0 != null ? lookupProperty(depth0, 'prefix') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'prefix', hash: {}, data: data, loc: { start: { line: 129, column: 29 }, end: { line: 129, column: 39 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'change') || (depth0 != null ? lookupProperty(depth0, 'change') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'change', hash: {}, data: data, loc: { start: { line: 129, column: 42 }, end: { line: 129, column: 52 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' |\n'
      );
    },
    '28': function (container, depth0, helpers, partials, data) {
      var stack1,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '\n_' +
        ((stack1 = container.lambda(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'routes') : stack1) != null
            ? lookupProperty(stack1, 'cut')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        ' more not listed here._\n'
      );
    },
    '29': function (container, depth0, helpers, partials, data) {
      var stack1,
        alias1 = container.lambda,
        alias2 = depth0 != null ? depth0 : container.nullContext || {},
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '#### Address books: ' +
        ((stack1 = alias1(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'books') : stack1) != null
            ? lookupProperty(stack1, 'summary')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        '\n\n' +
        ((stack1 = alias1(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'books') : stack1) != null
            ? lookupProperty(stack1, 'open')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        '| book | doc | entry | | candidates |\n| --- | --- | --- | --- | --- |\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          alias2,
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'books') : stack1) != null
            ? lookupProperty(stack1, 'rows')
            : stack1,
          {
            name: 'each',
            hash: {},
            fn: container.program(30, data, 0),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 142, column: 0 }, end: { line: 144, column: 9 } },
          },
        )) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias2,
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'books') : stack1) != null
            ? lookupProperty(stack1, 'cut')
            : stack1,
          {
            name: 'if',
            hash: {},
            fn: container.program(31, data, 0),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 145, column: 0 }, end: { line: 148, column: 7 } },
          },
        )) != null
          ? stack1
          : '') +
        ((stack1 = alias1(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'books') : stack1) != null
            ? lookupProperty(stack1, 'close')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        '\n'
      );
    },
    '30': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.hooks.helperMissing,
        alias3 = 'function',
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '| ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'book') || (depth0 != null ? lookupProperty(depth0, 'book') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'book', hash: {}, data: data, loc: { start: { line: 143, column: 2 }, end: { line: 143, column: 10 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'doc') || (depth0 != null ? lookupProperty(depth0, 'doc') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'doc', hash: {}, data: data, loc: { start: { line: 143, column: 13 }, end: { line: 143, column: 20 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'entry') || (depth0 != null ? lookupProperty(depth0, 'entry') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'entry', hash: {}, data: data, loc: { start: { line: 143, column: 23 }, end: { line: 143, column: 32 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'status') || (depth0 != null ? lookupProperty(depth0, 'status') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'status', hash: {}, data: data, loc: { start: { line: 143, column: 35 }, end: { line: 143, column: 45 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'candidates') || (depth0 != null ? lookupProperty(depth0, 'candidates') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'candidates', hash: {}, data: data, loc: { start: { line: 143, column: 48 }, end: { line: 143, column: 62 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' |\n'
      );
    },
    '31': function (container, depth0, helpers, partials, data) {
      var stack1,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '\n_' +
        ((stack1 = container.lambda(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'books') : stack1) != null
            ? lookupProperty(stack1, 'cut')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        ' more not listed here._\n'
      );
    },
    '32': function (container, depth0, helpers, partials, data) {
      var stack1,
        alias1 = container.lambda,
        alias2 = depth0 != null ? depth0 : container.nullContext || {},
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '#### Gateway and certificate host names: ' +
        ((stack1 = alias1(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'gateways') : stack1) != null
            ? lookupProperty(stack1, 'summary')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        '\n\n<details><summary>Host names per cluster (' +
        ((stack1 = alias1(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'gateways') : stack1) != null
            ? lookupProperty(stack1, 'count')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        ')</summary>\n\n| cluster | added | removed | host names |\n| --- | ---: | ---: | --- |\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          alias2,
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'gateways') : stack1) != null
            ? lookupProperty(stack1, 'rows')
            : stack1,
          {
            name: 'each',
            hash: {},
            fn: container.program(33, data, 0),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 158, column: 0 }, end: { line: 160, column: 9 } },
          },
        )) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias2,
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'gateways') : stack1) != null
            ? lookupProperty(stack1, 'cut')
            : stack1,
          {
            name: 'if',
            hash: {},
            fn: container.program(34, data, 0),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 161, column: 0 }, end: { line: 164, column: 7 } },
          },
        )) != null
          ? stack1
          : '') +
        '\n</details>\n\n'
      );
    },
    '33': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.hooks.helperMissing,
        alias3 = 'function',
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '| ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'cluster') || (depth0 != null ? lookupProperty(depth0, 'cluster') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'cluster', hash: {}, data: data, loc: { start: { line: 159, column: 2 }, end: { line: 159, column: 13 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'added') || (depth0 != null ? lookupProperty(depth0, 'added') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'added', hash: {}, data: data, loc: { start: { line: 159, column: 16 }, end: { line: 159, column: 25 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'removed') || (depth0 != null ? lookupProperty(depth0, 'removed') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'removed', hash: {}, data: data, loc: { start: { line: 159, column: 28 }, end: { line: 159, column: 39 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'names') || (depth0 != null ? lookupProperty(depth0, 'names') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'names', hash: {}, data: data, loc: { start: { line: 159, column: 42 }, end: { line: 159, column: 51 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' |\n'
      );
    },
    '34': function (container, depth0, helpers, partials, data) {
      var stack1,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '\n_' +
        ((stack1 = container.lambda(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'users') : depth0) != null ? lookupProperty(stack1, 'gateways') : stack1) != null
            ? lookupProperty(stack1, 'cut')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        ' more clusters not listed here._\n'
      );
    },
    '35': function (container, depth0, helpers, partials, data) {
      return 'No generated file changes.\n';
    },
    '36': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = container.lambda,
        alias2 = depth0 != null ? depth0 : container.nullContext || {},
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '| | created | changed | removed |\n| --- | ---: | ---: | ---: |\n| files | ' +
        ((stack1 = alias1(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'counts') : depth0) != null ? lookupProperty(stack1, 'files') : stack1) != null
            ? lookupProperty(stack1, 'created')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 = alias1(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'counts') : depth0) != null ? lookupProperty(stack1, 'files') : stack1) != null
            ? lookupProperty(stack1, 'changed')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 = alias1(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'counts') : depth0) != null ? lookupProperty(stack1, 'files') : stack1) != null
            ? lookupProperty(stack1, 'removed')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        ' |\n\n| | added | changed | removed |\n| --- | ---: | ---: | ---: |\n| objects | ' +
        ((stack1 = alias1(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'counts') : depth0) != null ? lookupProperty(stack1, 'objects') : stack1) != null
            ? lookupProperty(stack1, 'added')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 = alias1(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'counts') : depth0) != null ? lookupProperty(stack1, 'objects') : stack1) != null
            ? lookupProperty(stack1, 'changed')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 = alias1(
          (stack1 = (stack1 = depth0 != null ? lookupProperty(depth0, 'counts') : depth0) != null ? lookupProperty(stack1, 'objects') : stack1) != null
            ? lookupProperty(stack1, 'removed')
            : stack1,
          depth0,
        )) != null
          ? stack1
          : '') +
        ' |\n\n<details><summary>Files (' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'fileCount') || (depth0 != null ? lookupProperty(depth0, 'fileCount') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(alias2, { name: 'fileCount', hash: {}, data: data, loc: { start: { line: 183, column: 25 }, end: { line: 183, column: 38 } } })
            : helper)) != null
          ? stack1
          : '') +
        ')</summary>\n\n| status | file | objects |\n| --- | --- | --- |\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(alias2, depth0 != null ? lookupProperty(depth0, 'files') : depth0, {
          name: 'each',
          hash: {},
          fn: container.program(37, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 187, column: 0 }, end: { line: 189, column: 9 } },
        })) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(alias2, depth0 != null ? lookupProperty(depth0, 'filesCut') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(38, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 190, column: 0 }, end: { line: 193, column: 7 } },
        })) != null
          ? stack1
          : '') +
        '\n</details>\n\n' +
        ((stack1 = lookupProperty(helpers, 'if').call(alias2, depth0 != null ? lookupProperty(depth0, 'objects') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(39, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 197, column: 0 }, end: { line: 209, column: 7 } },
        })) != null
          ? stack1
          : '')
      );
    },
    '37': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.hooks.helperMissing,
        alias3 = 'function',
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '| ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'status') || (depth0 != null ? lookupProperty(depth0, 'status') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'status', hash: {}, data: data, loc: { start: { line: 188, column: 2 }, end: { line: 188, column: 12 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'file') || (depth0 != null ? lookupProperty(depth0, 'file') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'file', hash: {}, data: data, loc: { start: { line: 188, column: 15 }, end: { line: 188, column: 23 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' | ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'objects') || (depth0 != null ? lookupProperty(depth0, 'objects') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'objects', hash: {}, data: data, loc: { start: { line: 188, column: 26 }, end: { line: 188, column: 37 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' |\n'
      );
    },
    '38': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '\n_' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'filesCut') || (depth0 != null ? lookupProperty(depth0, 'filesCut') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'filesCut',
                hash: {},
                data: data,
                loc: { start: { line: 192, column: 1 }, end: { line: 192, column: 13 } },
              })
            : helper)) != null
          ? stack1
          : '') +
        ' more files not listed here._\n'
      );
    },
    '39': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '<details><summary>Objects (' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'objectCount') || (depth0 != null ? lookupProperty(depth0, 'objectCount') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(alias1, { name: 'objectCount', hash: {}, data: data, loc: { start: { line: 198, column: 27 }, end: { line: 198, column: 42 } } })
            : helper)) != null
          ? stack1
          : '') +
        ')</summary>\n\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(alias1, depth0 != null ? lookupProperty(depth0, 'objects') : depth0, {
          name: 'each',
          hash: {},
          fn: container.program(40, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 200, column: 0 }, end: { line: 202, column: 9 } },
        })) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(alias1, depth0 != null ? lookupProperty(depth0, 'objectsCut') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(41, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 203, column: 0 }, end: { line: 206, column: 7 } },
        })) != null
          ? stack1
          : '') +
        '\n</details>\n'
      );
    },
    '40': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.hooks.helperMissing,
        alias3 = 'function',
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '- ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'status') || (depth0 != null ? lookupProperty(depth0, 'status') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'status', hash: {}, data: data, loc: { start: { line: 201, column: 2 }, end: { line: 201, column: 12 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'object') || (depth0 != null ? lookupProperty(depth0, 'object') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'object', hash: {}, data: data, loc: { start: { line: 201, column: 13 }, end: { line: 201, column: 23 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' in ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'file') || (depth0 != null ? lookupProperty(depth0, 'file') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'file', hash: {}, data: data, loc: { start: { line: 201, column: 27 }, end: { line: 201, column: 35 } } })
            : helper)) != null
          ? stack1
          : '') +
        '\n'
      );
    },
    '41': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '\n_' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'objectsCut') || (depth0 != null ? lookupProperty(depth0, 'objectsCut') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'objectsCut',
                hash: {},
                data: data,
                loc: { start: { line: 205, column: 1 }, end: { line: 205, column: 15 } },
              })
            : helper)) != null
          ? stack1
          : '') +
        ' more object changes not listed here._\n'
      );
    },
    '42': function (container, depth0, helpers, partials, data) {
      var stack1,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '\n### Promotion pipelines of the changed platforms\n\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          depth0 != null ? depth0 : container.nullContext || {},
          depth0 != null ? lookupProperty(depth0, 'pipelines') : depth0,
          {
            name: 'each',
            hash: {},
            fn: container.program(43, data, 0),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 215, column: 0 }, end: { line: 221, column: 9 } },
          },
        )) != null
          ? stack1
          : '')
      );
    },
    '43': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.hooks.helperMissing,
        alias3 = 'function',
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '#### ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'name') || (depth0 != null ? lookupProperty(depth0, 'name') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'name', hash: {}, data: data, loc: { start: { line: 216, column: 5 }, end: { line: 216, column: 13 } } })
            : helper)) != null
          ? stack1
          : '') +
        '\n\n```mermaid\n' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'flowchart') || (depth0 != null ? lookupProperty(depth0, 'flowchart') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'flowchart', hash: {}, data: data, loc: { start: { line: 219, column: 0 }, end: { line: 219, column: 13 } } })
            : helper)) != null
          ? stack1
          : '') +
        '```\n\n'
      );
    },
    '44': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '_' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'pipelinesCut') || (depth0 != null ? lookupProperty(depth0, 'pipelinesCut') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'pipelinesCut',
                hash: {},
                data: data,
                loc: { start: { line: 224, column: 1 }, end: { line: 224, column: 17 } },
              })
            : helper)) != null
          ? stack1
          : '') +
        " more changed platforms' pipelines left out to keep this comment under GitHub's size limit._\n\n"
      );
    },
    '45': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        'Platforms no longer in the fleet: ' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'removedPlatforms') || (depth0 != null ? lookupProperty(depth0, 'removedPlatforms') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'removedPlatforms',
                hash: {},
                data: data,
                loc: { start: { line: 228, column: 34 }, end: { line: 228, column: 54 } },
              })
            : helper)) != null
          ? stack1
          : '') +
        '.\n\n'
      );
    },
    '46': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '<details><summary>Warnings (' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'warningCount') || (depth0 != null ? lookupProperty(depth0, 'warningCount') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(alias1, { name: 'warningCount', hash: {}, data: data, loc: { start: { line: 233, column: 28 }, end: { line: 233, column: 44 } } })
            : helper)) != null
          ? stack1
          : '') +
        ')</summary>\n\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(alias1, depth0 != null ? lookupProperty(depth0, 'warnings') : depth0, {
          name: 'each',
          hash: {},
          fn: container.program(47, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 235, column: 0 }, end: { line: 237, column: 9 } },
        })) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(alias1, depth0 != null ? lookupProperty(depth0, 'warningsCut') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(48, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 238, column: 0 }, end: { line: 240, column: 7 } },
        })) != null
          ? stack1
          : '') +
        '\n</details>\n\n'
      );
    },
    '47': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.hooks.helperMissing,
        alias3 = 'function',
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '- ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'place') || (depth0 != null ? lookupProperty(depth0, 'place') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'place', hash: {}, data: data, loc: { start: { line: 236, column: 2 }, end: { line: 236, column: 11 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' `' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'code') || (depth0 != null ? lookupProperty(depth0, 'code') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'code', hash: {}, data: data, loc: { start: { line: 236, column: 13 }, end: { line: 236, column: 21 } } })
            : helper)) != null
          ? stack1
          : '') +
        '`: ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'message') || (depth0 != null ? lookupProperty(depth0, 'message') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'message', hash: {}, data: data, loc: { start: { line: 236, column: 24 }, end: { line: 236, column: 35 } } })
            : helper)) != null
          ? stack1
          : '') +
        '\n'
      );
    },
    '48': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '- _' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'warningsCut') || (depth0 != null ? lookupProperty(depth0, 'warningsCut') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'warningsCut',
                hash: {},
                data: data,
                loc: { start: { line: 239, column: 3 }, end: { line: 239, column: 18 } },
              })
            : helper)) != null
          ? stack1
          : '') +
        ' more; `diene validate` lists them all._\n'
      );
    },
    '49': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '_' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'note') || (depth0 != null ? lookupProperty(depth0, 'note') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'note',
                hash: {},
                data: data,
                loc: { start: { line: 246, column: 1 }, end: { line: 246, column: 9 } },
              })
            : helper)) != null
          ? stack1
          : '') +
        '_\n\n'
      );
    },
    '50': function (container, depth0, helpers, partials, data) {
      return '';
    },
    '51': function (container, depth0, helpers, partials, data) {
      return ' · shortened to fit one comment: run `diene compile --check` for every change';
    },
    compiler: [8, '>= 4.3.0'],
    main: function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.hooks.helperMissing,
        alias3 = 'function',
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '\u003C!-- diene-report -->\n## diene: ' +
        ((stack1 =
          ((helper =
            (helper = lookupProperty(helpers, 'headline') || (depth0 != null ? lookupProperty(depth0, 'headline') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'headline', hash: {}, data: data, loc: { start: { line: 2, column: 10 }, end: { line: 2, column: 22 } } })
            : helper)) != null
          ? stack1
          : '') +
        '\n\n' +
        ((stack1 = lookupProperty(helpers, 'if').call(alias1, depth0 != null ? lookupProperty(depth0, 'errors') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(0, data, 0),
          inverse: container.program(3, data, 0),
          data: data,
          loc: { start: { line: 4, column: 0 }, end: { line: 231, column: 7 } },
        })) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(alias1, depth0 != null ? lookupProperty(depth0, 'warnings') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(46, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 232, column: 0 }, end: { line: 244, column: 7 } },
        })) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(alias1, depth0 != null ? lookupProperty(depth0, 'note') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(49, data, 0),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 245, column: 0 }, end: { line: 248, column: 7 } },
        })) != null
          ? stack1
          : '') +
        '<sub>diene ' +
        ((stack1 =
          ((helper = (helper = lookupProperty(helpers, 'version') || (depth0 != null ? lookupProperty(depth0, 'version') : depth0)) != null ? helper : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'version', hash: {}, data: data, loc: { start: { line: 249, column: 11 }, end: { line: 249, column: 22 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' · `diene report`' +
        ((stack1 = lookupProperty(helpers, 'if').call(alias1, depth0 != null ? lookupProperty(depth0, 'full') : depth0, {
          name: 'if',
          hash: {},
          fn: container.program(50, data, 0),
          inverse: container.program(51, data, 0),
          data: data,
          loc: { start: { line: 249, column: 39 }, end: { line: 249, column: 143 } },
        })) != null
          ? stack1
          : '') +
        '</sub>\n'
      );
    },
    useData: true,
  },
  'route-paths.sql.hbs': {
    '0': function (container, depth0, helpers, partials, data, blockParams, depths) {
      var stack1,
        alias1 = container.lambda;

      return (
        'INSERT INTO route_paths (' +
        ((stack1 = alias1(container.strict(depths[1], 'columns', { start: { line: 14, column: 27 }, end: { line: 14, column: 37 } }), depth0)) != null
          ? stack1
          : '') +
        ') VALUES\n' +
        ((stack1 = alias1(depth0, depth0)) != null ? stack1 : '') +
        ';\n'
      );
    },
    compiler: [8, '>= 4.3.0'],
    main: function (container, depth0, helpers, partials, data, blockParams, depths) {
      var stack1,
        helper,
        alias1 = container.strict,
        alias2 = depth0 != null ? depth0 : container.nullContext || {},
        alias3 = 'function',
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        ((stack1 =
          ((helper = lookupProperty(helpers, 'comment') || alias1(depth0, 'comment', { start: { line: 1, column: 2 }, end: { line: 1, column: 9 } })),
          typeof helper === alias3
            ? helper.call(alias2, { name: 'comment', hash: {}, data: data, loc: { start: { line: 1, column: 0 }, end: { line: 1, column: 11 } } })
            : helper)) != null
          ? stack1
          : '') +
        '\n-- route_paths of landscape ' +
        ((stack1 =
          ((helper = lookupProperty(helpers, 'landscape') || alias1(depth0, 'landscape', { start: { line: 2, column: 30 }, end: { line: 2, column: 39 } })),
          typeof helper === alias3
            ? helper.call(alias2, { name: 'landscape', hash: {}, data: data, loc: { start: { line: 2, column: 28 }, end: { line: 2, column: 41 } } })
            : helper)) != null
          ? stack1
          : '') +
        ': ' +
        ((stack1 =
          ((helper = lookupProperty(helpers, 'count') || alias1(depth0, 'count', { start: { line: 2, column: 45 }, end: { line: 2, column: 50 } })),
          typeof helper === alias3
            ? helper.call(alias2, { name: 'count', hash: {}, data: data, loc: { start: { line: 2, column: 43 }, end: { line: 2, column: 52 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' row(s), fingerprint ' +
        ((stack1 =
          ((helper = lookupProperty(helpers, 'fingerprint') || alias1(depth0, 'fingerprint', { start: { line: 2, column: 75 }, end: { line: 2, column: 86 } })),
          typeof helper === alias3
            ? helper.call(alias2, { name: 'fingerprint', hash: {}, data: data, loc: { start: { line: 2, column: 73 }, end: { line: 2, column: 88 } } })
            : helper)) != null
          ? stack1
          : '') +
        '\nBEGIN;\nCREATE TABLE IF NOT EXISTS route_paths (\n  host TEXT NOT NULL,\n  prefix TEXT NOT NULL,\n  target TEXT NOT NULL,\n  account TEXT NOT NULL,\n  app TEXT NOT NULL,\n  PRIMARY KEY (host, prefix)\n);\nDELETE FROM route_paths;\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(alias2, lookupProperty(depth0, 'batches'), {
          name: 'each',
          hash: {},
          fn: container.program(0, data, 0, blockParams, depths),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 13, column: 0 }, end: { line: 16, column: 9 } },
        })) != null
          ? stack1
          : '') +
        'COMMIT;\n'
      );
    },
    useData: true,
    useDepths: true,
  },
  'zone.hbs': {
    '0': function (container, depth0, helpers, partials, data, blockParams, depths) {
      var stack1,
        alias1 = container.lambda;

      return (
        '@ ' +
        ((stack1 = alias1(container.strict(depths[1], 'ttl', { start: { line: 12, column: 4 }, end: { line: 12, column: 10 } }), depth0)) != null
          ? stack1
          : '') +
        ' IN NS ' +
        ((stack1 = alias1(depth0, depth0)) != null ? stack1 : '') +
        '\n'
      );
    },
    '1': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = container.strict,
        alias2 = depth0 != null ? depth0 : container.nullContext || {},
        alias3 = 'function',
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        ((stack1 =
          ((helper = lookupProperty(helpers, 'owner') || alias1(depth0, 'owner', { start: { line: 15, column: 2 }, end: { line: 15, column: 7 } })),
          typeof helper === alias3
            ? helper.call(alias2, { name: 'owner', hash: {}, data: data, loc: { start: { line: 15, column: 0 }, end: { line: 15, column: 9 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' ' +
        ((stack1 =
          ((helper = lookupProperty(helpers, 'ttl') || alias1(depth0, 'ttl', { start: { line: 15, column: 12 }, end: { line: 15, column: 15 } })),
          typeof helper === alias3
            ? helper.call(alias2, { name: 'ttl', hash: {}, data: data, loc: { start: { line: 15, column: 10 }, end: { line: 15, column: 17 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' IN ' +
        ((stack1 =
          ((helper = lookupProperty(helpers, 'type') || alias1(depth0, 'type', { start: { line: 15, column: 23 }, end: { line: 15, column: 27 } })),
          typeof helper === alias3
            ? helper.call(alias2, { name: 'type', hash: {}, data: data, loc: { start: { line: 15, column: 21 }, end: { line: 15, column: 29 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' ' +
        ((stack1 =
          ((helper = lookupProperty(helpers, 'rdata') || alias1(depth0, 'rdata', { start: { line: 15, column: 32 }, end: { line: 15, column: 37 } })),
          typeof helper === alias3
            ? helper.call(alias2, { name: 'rdata', hash: {}, data: data, loc: { start: { line: 15, column: 30 }, end: { line: 15, column: 39 } } })
            : helper)) != null
          ? stack1
          : '') +
        '\n'
      );
    },
    compiler: [8, '>= 4.3.0'],
    main: function (container, depth0, helpers, partials, data, blockParams, depths) {
      var stack1,
        helper,
        alias1 = container.strict,
        alias2 = depth0 != null ? depth0 : container.nullContext || {},
        alias3 = 'function',
        alias4 = container.lambda,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        ((stack1 =
          ((helper = lookupProperty(helpers, 'comment') || alias1(depth0, 'comment', { start: { line: 1, column: 2 }, end: { line: 1, column: 9 } })),
          typeof helper === alias3
            ? helper.call(alias2, { name: 'comment', hash: {}, data: data, loc: { start: { line: 1, column: 0 }, end: { line: 1, column: 11 } } })
            : helper)) != null
          ? stack1
          : '') +
        '\n$ORIGIN ' +
        ((stack1 =
          ((helper = lookupProperty(helpers, 'origin') || alias1(depth0, 'origin', { start: { line: 2, column: 10 }, end: { line: 2, column: 16 } })),
          typeof helper === alias3
            ? helper.call(alias2, { name: 'origin', hash: {}, data: data, loc: { start: { line: 2, column: 8 }, end: { line: 2, column: 18 } } })
            : helper)) != null
          ? stack1
          : '') +
        '\n$TTL ' +
        ((stack1 =
          ((helper = lookupProperty(helpers, 'ttl') || alias1(depth0, 'ttl', { start: { line: 3, column: 7 }, end: { line: 3, column: 10 } })),
          typeof helper === alias3
            ? helper.call(alias2, { name: 'ttl', hash: {}, data: data, loc: { start: { line: 3, column: 5 }, end: { line: 3, column: 12 } } })
            : helper)) != null
          ? stack1
          : '') +
        '\n@ ' +
        ((stack1 =
          ((helper = lookupProperty(helpers, 'ttl') || alias1(depth0, 'ttl', { start: { line: 4, column: 4 }, end: { line: 4, column: 7 } })),
          typeof helper === alias3
            ? helper.call(alias2, { name: 'ttl', hash: {}, data: data, loc: { start: { line: 4, column: 2 }, end: { line: 4, column: 9 } } })
            : helper)) != null
          ? stack1
          : '') +
        ' IN SOA ' +
        ((stack1 = alias4(alias1(lookupProperty(depth0, 'soa'), 'primary', { start: { line: 4, column: 19 }, end: { line: 4, column: 30 } }), depth0)) != null
          ? stack1
          : '') +
        ' ' +
        ((stack1 = alias4(alias1(lookupProperty(depth0, 'soa'), 'contact', { start: { line: 4, column: 35 }, end: { line: 4, column: 46 } }), depth0)) != null
          ? stack1
          : '') +
        ' (\n    ' +
        ((stack1 = alias4(alias1(lookupProperty(depth0, 'soa'), 'serial', { start: { line: 5, column: 6 }, end: { line: 5, column: 16 } }), depth0)) != null
          ? stack1
          : '') +
        ' ; serial\n    ' +
        ((stack1 = alias4(alias1(lookupProperty(depth0, 'soa'), 'refresh', { start: { line: 6, column: 6 }, end: { line: 6, column: 17 } }), depth0)) != null
          ? stack1
          : '') +
        ' ; refresh\n    ' +
        ((stack1 = alias4(alias1(lookupProperty(depth0, 'soa'), 'retry', { start: { line: 7, column: 6 }, end: { line: 7, column: 15 } }), depth0)) != null
          ? stack1
          : '') +
        ' ; retry\n    ' +
        ((stack1 = alias4(alias1(lookupProperty(depth0, 'soa'), 'expire', { start: { line: 8, column: 6 }, end: { line: 8, column: 16 } }), depth0)) != null
          ? stack1
          : '') +
        ' ; expire\n    ' +
        ((stack1 = alias4(alias1(lookupProperty(depth0, 'soa'), 'minimum', { start: { line: 9, column: 6 }, end: { line: 9, column: 17 } }), depth0)) != null
          ? stack1
          : '') +
        ' ; minimum\n)\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(alias2, lookupProperty(depth0, 'nameservers'), {
          name: 'each',
          hash: {},
          fn: container.program(0, data, 0, blockParams, depths),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 11, column: 0 }, end: { line: 13, column: 9 } },
        })) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'each').call(alias2, lookupProperty(depth0, 'records'), {
          name: 'each',
          hash: {},
          fn: container.program(1, data, 0, blockParams, depths),
          inverse: container.noop,
          data: data,
          loc: { start: { line: 14, column: 0 }, end: { line: 16, column: 9 } },
        })) != null
          ? stack1
          : '')
      );
    },
    useData: true,
    useDepths: true,
  },
};
