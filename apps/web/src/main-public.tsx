import { startPublicPage } from './entry-public';
import './index.css';

void startPublicPage();
