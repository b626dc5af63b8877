/* Beamstage sandbox: the loop iteration guard (design.md section 4 rule 1). Served by the sandbox
 * origin and run inside user-code frames; the api's Node tests evaluate this same file.
 * guardLoops(code) inserts `if(__bsLoop(n)){}else ` before the body of every for, while and do
 * loop, so each iteration calls __bsLoop, which throws once one loop has run LOOP_LIMIT times
 * within one task. The if/else form needs no knowledge of where the body ends. */
/* global self */
(function (root) {
  'use strict';
  // Tests may preset a smaller limit (user code can only loosen its own frame's guard, like eval can).
  var LOOP_LIMIT = typeof root.__bsLoopLimit === 'number' ? root.__bsLoopLimit : 10000000;
  var REGEX_BEFORE = '(,=:[!&|?{};+-*%<>~^';
  var REGEX_KEYWORDS = { return: 1, typeof: 1, instanceof: 1, in: 1, of: 1, new: 1, delete: 1, void: 1, throw: 1, case: 1, do: 1, else: 1 };

  function isIdent(c) {
    return !!c && /[A-Za-z0-9_$]/.test(c);
  }

  function guardLoops(code) {
    var out = '';
    var i = 0;
    var n = code.length;
    var loopId = 0;
    var lastSig = ''; // last significant (non-space, non-comment) character
    var lastWord = ''; // last identifier/keyword seen
    var braces = []; // per open brace: true when it opened a do-body
    var closedDoAt = -1; // out.length right after a } that closed a do-body
    var pendingDo = false; // a do was seen; its { body follows

    function skipString(q) {
      var s = i;
      i++;
      while (i < n && code[i] !== q) {
        if (code[i] === '\\') i++;
        i++;
      }
      i++;
      return code.slice(s, i);
    }
    function skipTemplate() {
      var s = i;
      i++;
      while (i < n && code[i] !== '`') {
        if (code[i] === '\\') i++;
        i++;
      }
      i++;
      return code.slice(s, i);
    }
    function skipRegex() {
      var s = i;
      i++;
      var inClass = false;
      while (i < n) {
        var c = code[i];
        if (c === '\\') {
          i += 2;
          continue;
        }
        if (c === '\n') break;
        if (c === '[') inClass = true;
        else if (c === ']') inClass = false;
        else if (c === '/' && !inClass) {
          i++;
          break;
        }
        i++;
      }
      while (i < n && isIdent(code[i])) i++;
      return code.slice(s, i);
    }
    // Copies whitespace and comments starting at i; returns them.
    function skipSpace() {
      var s = i;
      for (;;) {
        if (i < n && /\s/.test(code[i])) {
          i++;
          continue;
        }
        if (code[i] === '/' && code[i + 1] === '/') {
          while (i < n && code[i] !== '\n') i++;
          continue;
        }
        if (code[i] === '/' && code[i + 1] === '*') {
          var e = code.indexOf('*/', i + 2);
          i = e < 0 ? n : e + 2;
          continue;
        }
        break;
      }
      return code.slice(s, i);
    }
    // From an opening parenthesis at i, copies through its match (strings and comments skipped).
    function skipParens() {
      var s = i;
      var depth = 0;
      while (i < n) {
        var c = code[i];
        if (c === '"' || c === "'") {
          skipString(c);
          continue;
        }
        if (c === '`') {
          skipTemplate();
          continue;
        }
        if (c === '/' && (code[i + 1] === '/' || code[i + 1] === '*')) {
          skipSpace();
          continue;
        }
        if (c === '(') depth++;
        else if (c === ')') {
          depth--;
          if (depth === 0) {
            i++;
            break;
          }
        }
        i++;
      }
      return code.slice(s, i);
    }
    function guard() {
      loopId++;
      return ' if(__bsLoop(' + loopId + ')){}else ';
    }

    while (i < n) {
      var c = code[i];
      if (c === '"' || c === "'") {
        out += skipString(c);
        lastSig = c;
        lastWord = '';
        continue;
      }
      if (c === '`') {
        out += skipTemplate();
        lastSig = '`';
        lastWord = '';
        continue;
      }
      if (c === '/' && (code[i + 1] === '/' || code[i + 1] === '*')) {
        out += skipSpace();
        continue;
      }
      if (c === '/') {
        if (lastSig === '' || REGEX_BEFORE.indexOf(lastSig) >= 0 || (isIdent(lastSig) && REGEX_KEYWORDS[lastWord])) {
          out += skipRegex();
          lastSig = '/';
          lastWord = '';
          continue;
        }
        out += c;
        i++;
        lastSig = c;
        lastWord = '';
        continue;
      }
      if (/\s/.test(c)) {
        out += c;
        i++;
        continue;
      }
      if (isIdent(c)) {
        var s = i;
        while (i < n && isIdent(code[i])) i++;
        var word = code.slice(s, i);
        var afterDot = lastSig === '.' && !/\.\.\.$/.test(out.replace(/\s+$/, ''));
        if (!afterDot && !isIdent(code[s - 1]) && (word === 'for' || word === 'while')) {
          var tailOfDo = word === 'while' && closedDoAt >= 0 && out.replace(/\s+$/, '').length === closedDoAt;
          var save = i;
          var space = skipSpace();
          var awaitWord = '';
          if (word === 'for' && code.slice(i, i + 5) === 'await' && !isIdent(code[i + 5])) {
            i += 5;
            awaitWord = 'await' + skipSpace();
          }
          if (code[i] === '(') {
            var head = skipParens();
            out += word + space + awaitWord + head + (tailOfDo ? '' : guard());
            lastSig = ')';
            lastWord = '';
            closedDoAt = -1;
            continue;
          }
          i = save;
        }
        if (!afterDot && word === 'do' && !isIdent(code[s - 1])) {
          var save2 = i;
          var sp = skipSpace();
          if (code[i] !== ':' && code[i] !== '(' && code[i] !== '.' && code[i] !== ',' && code[i] !== '}' && code[i] !== '=') {
            out += 'do' + sp;
            // A braced body is marked so its closing brace can recognise the while that follows.
            if (code[i] === '{') {
              pendingDo = true;
            } else {
              out += guard();
            }
            if (code[i] === '{') out += guard();
            lastSig = 'o';
            lastWord = 'do';
            continue;
          }
          i = save2;
        }
        out += word;
        lastSig = word[word.length - 1];
        lastWord = word;
        continue;
      }
      if (c === '{') {
        braces.push(pendingDo);
        pendingDo = false;
      }
      if (c === '}') {
        var wasDo = braces.pop();
        out += c;
        i++;
        lastSig = c;
        lastWord = '';
        closedDoAt = wasDo ? out.length : -1;
        continue;
      }
      out += c;
      i++;
      lastSig = c;
      lastWord = '';
    }
    return out;
  }

  var counts = {};
  var resetScheduled = false;
  /** Counts one iteration of loop id within the current task; throws past LOOP_LIMIT. */
  function loopTick(id) {
    if (!resetScheduled) {
      resetScheduled = true;
      setTimeout(function () {
        counts = {};
        resetScheduled = false;
      }, 0);
    }
    var c = (counts[id] = (counts[id] || 0) + 1);
    if (c > LOOP_LIMIT) {
      counts[id] = 0;
      throw new Error('Loop stopped after ' + LOOP_LIMIT + ' iterations without a pause: is it endless?');
    }
    return false;
  }

  root.__bsGuardLoops = guardLoops;
  root.__bsLoop = loopTick;
  root.__bsLoopLimit = LOOP_LIMIT;
})(typeof self !== 'undefined' ? self : this);
