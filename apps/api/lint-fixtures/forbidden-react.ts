// Must fail lint: apps/api never imports React (design.md section 1).
import { createElement } from 'react';

export const leaked = createElement;
