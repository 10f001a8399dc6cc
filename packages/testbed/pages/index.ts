import './shared/base.css';
import { testbedPages } from '../src/catalog.js';

const list = document.getElementById('pages');
for (const page of testbedPages) {
  const item = document.createElement('li');
  const link = document.createElement('a');
  link.href = `/${page.name}/`;
  link.textContent = page.title;
  const description = document.createElement('p');
  description.className = 'muted';
  description.textContent = `${page.description} (${page.libraries.join(', ')})`;
  item.append(link, description);
  list?.append(item);
}
