import { startApp } from './entry-client';
import './index.css';

void startApp();
