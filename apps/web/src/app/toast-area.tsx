import { toast, ToastContainer } from 'react-toastify';
// With the library's own chunk: Vite loads a lazy chunk's stylesheet with it (decision 0069).
import 'react-toastify/ReactToastify.css';
import { installToastRules } from '../lib/toast-rules';

// One toast at a time, gone when the user moves to another page (decision 0101).
installToastRules(toast);

/** Where toasts show (spec §9: 5 s, bottom right, dark); loaded after the first render (decision 0069). */
export default function ToastArea() {
  return (
    <ToastContainer
      position="bottom-right"
      theme="dark"
      autoClose={5000}
      closeOnClick
      draggable
      pauseOnFocusLoss
      rtl={document.documentElement.dir === 'rtl'}
      newestOnTop
    />
  );
}
